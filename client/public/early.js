// @ts-check
/**
 * Head start (docs/architecture.md, "Start-up"). A classic script in <head>: it runs while the app's modules
 * are still being fetched and compiled (200–300 ms on a slow machine), and starts the slow things the first
 * screen waits for:
 *
 * - the current screen's chunks and the language catalog (listed by the build in <meta name="start-chunks">),
 *   which the entry would otherwise ask for only once it has run;
 * - on /tasks and /dashboard, the read of the local tasks (one getAll() of the bucket records, db/buckets.ts), as
 *   the rows' JSON texts (the app parses them in slices);
 * - on a device with no local database yet for the signed-in user, the first sync's pull pages, one after the
 *   other, under the client id the new database will be given.
 *
 * It only starts requests and leaves their promises on `window.__early`; the app takes them over if they
 * still match what it would ask itself (client/src/lib/early.ts), and otherwise ignores them. It never creates
 * or changes the database. Kept in plain JavaScript so it runs before, and without, the app's bundles; the
 * constants it shares with the app are checked by client/src/lib/early.test.ts.
 */
(function () {
  'use strict';
  /**
   * IndexedDB's version of the local schema (Dexie's newest version, times 10; bucket records since version 2).
   * Written in by the build and the dev server from client/src/db/schema-versions.ts (client/vite-plugins/public-scripts.ts).
   */
  var BUCKET_SCHEMA = Number('%LOCAL_SCHEMA_IDB_VERSION%');
  /** Rows of the first pull page of a first sync (db/replicate.ts FIRST_PAGE) and the protocol version. */
  var FIRST_PAGE = 1000;
  var SYNC_SCHEMA_VERSION = 1;
  /** Rows of the later pages (the engine's pull limit, db/engine.ts) and how many pages to fetch ahead at most. */
  var PAGE = 5000;
  var MAX_PAGES = 40;
  /** Bucket records per IndexedDB read of the start-up read (db/bucket-records.ts has 64 per table). */
  var CHUNK = 16;
  try {
    // The shell in index.html paints before the app runs: in the stored theme (lib/theme.ts keeps it in
    // localStorage), and with the section navigation's place when a session is stored (below). The font size
    // class is left to the app (the start-up JS budget: a stored small or large size applies at its first render).
    var classes = document.documentElement.classList;
    var theme = localStorage.theme;
    if (theme === 'dark' || (theme !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches)) classes.add('dark');
    var token = localStorage.getItem('auth_token');
    var user = JSON.parse(localStorage.getItem('auth_user') || 'null');
    if (!token || !user || typeof user._id !== 'string' || !window.indexedDB) return;
    classes.add('shell-session');
    var name = 'app-' + user._id;
    var wantTasks = /^\/(tasks|dashboard)(\/|$)/.test(location.pathname);
    /** @type {Record<string, unknown>} */
    var early = { db: name };
    window.__early = early;

    // The app marks the user's database once it exists (lib/early.ts). Without the mark this device has no
    // local copy yet, so the first sync's first page can be asked for right now.
    var known = localStorage.getItem('local_db:' + name) === '1';
    if (!known) noDatabase();
    else if (wantTasks) readLocal();
    // After the data requests (a first sync's pages are the longer wait), and once the shell's first frame is
    // made: each preload is a request started on the main thread (1–2.5 ms each in the traces, 20–60 ms for a
    // screen's ~24 files), and here, in <head>, the parser waits for them before it reaches the shell. The app's
    // entry, which imports these files, runs only after its own compile, well after that frame.
    afterFirstFrame(preloadStart);
    // The browser's date and time library (ICU) starts at the first Intl call, 20–40 ms (far more on a busy
    // machine). The app's first calls (the device's time zone, then the list's dates) come when the main thread
    // is busiest; here it mostly waits for the app's scripts, so it starts once the shell has been painted, not
    // before (it was the longest task ahead of the first paint).
    afterFirstPaint(warmIntl);
  } catch (err) {
    // A head start only: the app does everything itself when this fails.
  }

  /**
   * The current screen's chunks and the language catalog, as module preloads while the entry's own files
   * compile, rather than once the entry has run (a second wave of requests). The build lists them in
   * <meta name="start-chunks"> (client/vite.config.ts, startChunks); the locale is chosen as src/i18n.ts does.
   */
  function preloadStart() {
    var meta = document.querySelector('meta[name="start-chunks"]');
    if (!meta) return;
    var map = JSON.parse(meta.getAttribute('content') || '{}');
    var urls = [];
    var path = location.pathname;
    Object.keys(map.screens || {}).forEach(function (base) {
      if (path === base || path.indexOf(base + '/') === 0) urls = urls.concat(map.screens[base]);
    });
    var cookie = /(?:^|; )locale=(en|ru)(?:;|$)/.exec(document.cookie);
    var lang = cookie ? cookie[1] : (navigator.language || '').toLowerCase().indexOf('ru') === 0 ? 'ru' : 'en';
    urls = urls.concat((map.locales && map.locales[lang]) || []);
    urls.forEach(function (url) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = url;
      document.head.appendChild(link);
    });
  }

  /**
   * Runs `run` in a task of its own after the page's first frame (its animation frame callbacks run as that
   * frame starts; the task queued from there runs once the frame is made), or after 250 ms when no frame comes
   * sooner (a page opened in the background gets none).
   */
  function afterFirstFrame(/** @type {() => void} */ run) {
    var done = false;
    var once = function () {
      if (done) return;
      done = true;
      try {
        run();
      } catch (err) {
        /* a head start only */
      }
    };
    setTimeout(once, 250);
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(function () {
        setTimeout(once, 0);
      });
    }
  }

  /** Runs `run` in a task of its own once the browser reports its first paint (3 s at the latest). */
  function afterFirstPaint(/** @type {() => void} */ run) {
    var done = false;
    var once = function () {
      if (done) return;
      done = true;
      setTimeout(run, 0);
    };
    setTimeout(once, 3000);
    try {
      var observer = new PerformanceObserver(function () {
        observer.disconnect();
        once();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch (err) {
      once();
    }
  }

  function warmIntl() {
    try {
      Intl.DateTimeFormat().resolvedOptions();
    } catch (err) {
      /* no Intl: the app falls back to UTC */
    }
  }

  function noDatabase() {
    // No database for this user on this device yet: start the first sync's first page (the app creates the
    // database, with its schema, and gives it this client id).
    early.fresh = true;
    if (navigator.onLine !== false) firstPull();
  }

  function readLocal() {
    var request = indexedDB.open(name);
    request.onupgradeneeded = function () {
      // It does not exist after all: do not create it (the app does, with its schema).
      if (request.transaction) request.transaction.abort();
    };
    request.onerror = function () {};
    request.onsuccess = function () {
      var db = request.result;
      early.version = db.version;
      if (db.version === BUCKET_SCHEMA && db.objectStoreNames.contains('tasks')) {
        early.tasks = new Promise(function (resolve) {
          // The rows' JSON texts (db/buckets.ts: { bucket: 1, rows: Map<id, JSON> }), not parsed: parsing 10k
          // rows here would be one long task before the shell's first paint. The app parses them in slices
          // when it takes them (db/decode-slices.ts). The records are read CHUNK at a time, in key order, in
          // one transaction: each answer is copied into the page in a task of its own (all 64 records at once
          // are one task of 20–50 ms).
          var store = db.transaction('tasks', 'readonly').objectStore('tasks');
          var rows = [];
          var next = function (/** @type {IDBValidKey | undefined} */ after) {
            var get = store.getAll(after === undefined ? null : IDBKeyRange.lowerBound(after, true), CHUNK);
            get.onsuccess = function () {
              var records = get.result;
              for (var i = 0; i < records.length; i++) {
                var r = records[i];
                if (r && r.bucket === 1 && r.rows instanceof Map) {
                  r.rows.forEach(function (json) {
                    rows.push(json);
                  });
                }
              }
              if (records.length < CHUNK) resolve(rows);
              else next(records[records.length - 1].id);
            };
            get.onerror = function () {
              resolve(null);
            };
          };
          next(undefined);
        });
      }
      db.close();
    };
  }

  function firstPull() {
    try {
      var clientId = 'c_' + crypto.randomUUID().replace(/-/g, '');
      early.clientId = clientId;
      early.pulls = [];
      pull(clientId, 0, FIRST_PAGE, 0);
    } catch (err) {
      /* the engine pulls itself */
    }
  }

  /**
   * Requests the page at `cursor`, then, as soon as that answer's head says there is more, the next one (pages
   * of PAGE rows, as the engine asks for them): the whole first sync downloads while the app starts.
   * No x-timezone header: a pull does not depend on the day, and the browser's time zone would cost a
   * 20–40 ms ICU start-up here, in the page's first milliseconds. The body is the engine's, key for key
   * (db/replicate.ts pullBody): a next page carries the epoch of the answer that announced it, last.
   */
  /** The value of the last `"epoch":"…"` member in `text`, or undefined. */
  function epochIn(/** @type {string} */ text) {
    var found;
    var re = /"epoch":("(?:[^"\\]|\\.){0,200}")/g;
    for (var m = re.exec(text); m; m = re.exec(text)) found = JSON.parse(m[1]);
    return typeof found === 'string' ? found : undefined;
  }

  function pull(clientId, cursor, limit, n, epoch) {
    /** @type {Record<string, unknown>} */
    var fields = { clientId: clientId, cursor: cursor, limit: limit, schemaVersion: SYNC_SCHEMA_VERSION };
    if (typeof epoch === 'string') fields.epoch = epoch;
    var body = JSON.stringify(fields);
    var response = fetch('/api/sync/pull', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      body: body,
      credentials: 'same-origin',
    });
    response.catch(function () {});
    early.pulls.push({ path: '/api/sync/pull', body: body, response: response });
    if (n + 1 >= MAX_PAGES) return;
    response.then(function (res) {
      if (!res.ok || !res.body) return;
      // The server writes {"cursor":…,"hasMore":… first: its head is in the first chunk. The epoch is read
      // from the head when the server writes it before "changes", else from the answer's last bytes.
      var reader = res.clone().body.getReader();
      var decoder = new TextDecoder();
      var head = '';
      var tail = null;
      var cursor = -1;
      var read = function () {
        reader.read().then(function (chunk) {
          if (chunk.done) return void (cursor >= 0 && next(epochIn(tail === null ? head : tail)));
          var text = decoder.decode(chunk.value, { stream: true });
          if (tail !== null) {
            tail = (tail + text).slice(-300);
            return void read();
          }
          head += text;
          if (cursor < 0) {
            var m = /^\{"cursor":(\d+),"hasMore":(true|false)/.exec(head.slice(0, 200));
            if (!m && head.length < 200) return void read();
            if (!m || m[2] !== 'true') return void reader.cancel().catch(function () {});
            cursor = Number(m[1]);
          }
          var changes = head.indexOf('"changes":');
          if (changes < 0) return void read();
          var epoch = epochIn(head.slice(0, changes));
          if (epoch !== undefined) {
            reader.cancel().catch(function () {});
            return void next(epoch);
          }
          tail = head.slice(-300);
          read();
        }, function () {});
      };
      var next = function (/** @type {string | undefined} */ epoch) {
        pull(clientId, cursor, PAGE, n + 1, epoch);
      };
      read();
    }, function () {});
  }
})();
