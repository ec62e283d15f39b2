import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, seedUser, useServerTest, withTestApp } from '../../../test/kit.js';
import { mp4 } from '../../../test/mp4.js';

/** Video mode (CONTRACT.md "brainrot"): the manifest over a folder of small real MP4 files, and the files with ranges. */

const base = mkdtempSync(path.join(os.tmpdir(), 'adhd-brainrot-'));
const root = path.join(base, 'videos');
afterAll(() => rmSync(base, { recursive: true, force: true }));

const put = (rel: string, bytes: Buffer | string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), bytes);
};

const big = mp4({ seconds: 3, padding: 4000 });

beforeAll(() => {
  put('tiktok/cat.mp4', mp4({ seconds: 12.34 }));
  put('tiktok/dog.mp4', mp4({ seconds: 61, timescale: 44_100 }));
  put('oddlysatisfying-tg/soap_1.mp4', big);
  // A silent clip: its length is only in the movie header.
  put('pexels/waves.mp4', mp4({ seconds: 7.46, track: 'vide', timescale: 90_000 }));
  // Not in the manifest: other types, unsafe names, unreadable bytes, loose files, deeper folders.
  put('tiktok/readme.txt', 'not a video');
  put('tiktok/clip.MOV', mp4({ seconds: 2 }));
  put('tiktok/bad name.mp4', mp4({ seconds: 2 }));
  put('tiktok/.hidden.mp4', mp4({ seconds: 2 }));
  put('tiktok/broken.mp4', '<html>not an mp4</html>');
  put('loose.mp4', mp4({ seconds: 2 }));
  put('pexels/deeper/inner.mp4', mp4({ seconds: 2 }));
  put('.secret/x.mp4', mp4({ seconds: 2 }));
  put('empty/notes.txt', 'nothing');
  // Outside the folder: must never be served.
  writeFileSync(path.join(base, 'outside.mp4'), mp4({ seconds: 2 }));
});

const t = useServerTest({ config: { brainrotDir: root } });

const manifest = async () => {
  const res = await t.call('GET', '/api/brainrot/manifest');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/brainrot/manifest', () => {
  it('answers { category: { file: seconds } } with durations read from the files, skipping everything else', async () => {
    expect(await manifest()).toEqual({
      'oddlysatisfying-tg': { 'soap_1.mp4': 3 },
      pexels: { 'waves.mp4': 7.5 },
      tiktok: { 'cat.mp4': 12.3, 'dog.mp4': 61 },
    });
  });

  it('sees a file added or removed on the next request', async () => {
    put('tiktok/new.mp4', mp4({ seconds: 4.2 }));
    put('fresh/one.mp4', mp4({ seconds: 1.5 }));
    const after = await manifest();
    expect(after.tiktok).toEqual({ 'cat.mp4': 12.3, 'dog.mp4': 61, 'new.mp4': 4.2 });
    expect(after.fresh).toEqual({ 'one.mp4': 1.5 });
    unlinkSync(path.join(root, 'tiktok/new.mp4'));
    rmSync(path.join(root, 'fresh'), { recursive: true });
    const removed = await manifest();
    expect(removed.tiktok).toEqual({ 'cat.mp4': 12.3, 'dog.mp4': 61 });
    expect(removed).not.toHaveProperty('fresh');
  });

  it('needs a signed-in user (401) and the brainrot toggle (403 FEATURE_DISABLED)', async () => {
    expect((await t.callAs(null, 'GET', '/api/brainrot/manifest')).statusCode).toBe(401);
    const admin = await t.seedAdmin();
    await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { brainrot: false });
    try {
      const off = await t.call('GET', '/api/brainrot/manifest');
      expect(off.statusCode).toBe(403);
      expect(off.json().error.code).toBe('FEATURE_DISABLED');
    } finally {
      await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { brainrot: true });
    }
    expect((await t.call('GET', '/api/brainrot/manifest')).statusCode).toBe(200);
  });

  it('a missing folder is an empty manifest', async () => {
    await withTestApp({ brainrotDir: path.join(base, 'nowhere') }, async (other) => {
      const res = await inject(other.app, await seedUser(other.app), 'GET', '/api/brainrot/manifest');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    });
  });
});

describe('GET /brainrot/{category}/{file}', () => {
  const url = '/brainrot/oddlysatisfying-tg/soap_1.mp4';

  it('serves the whole file as video/mp4 with accept-ranges and cache headers', async () => {
    const res = await t.callAs(null, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^video\/mp4/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.equals(big)).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes; an unsatisfiable range with 416', async () => {
    const part = await t.callAs(null, 'GET', url, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${big.length}`);
    expect(part.rawPayload.equals(big.subarray(100, 200))).toBe(true);
    const tail = await t.callAs(null, 'GET', url, undefined, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(big.subarray(big.length - 10))).toBe(true);
    const bad = await t.callAs(null, 'GET', url, undefined, { range: `bytes=${big.length + 10}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${big.length}`);
  });

  it('never leaves the folder and serves only safe .mp4 names (404)', async () => {
    const paths = [
      '/brainrot/../outside.mp4',
      '/brainrot/%2e%2e/outside.mp4',
      '/brainrot/tiktok/..%2F..%2Foutside.mp4',
      '/brainrot/tiktok/%2e%2e%2f%2e%2e%2foutside.mp4',
      '/brainrot/..%2F..%2F/outside.mp4',
      '/brainrot/tiktok/readme.txt',
      '/brainrot/tiktok/bad%20name.mp4',
      '/brainrot/tiktok/.hidden.mp4',
      '/brainrot/.secret/x.mp4',
      '/brainrot/pexels/deeper%2Finner.mp4',
      '/brainrot/tiktok/missing.mp4',
    ];
    for (const p of paths) {
      const res = await t.callAs(null, 'GET', p);
      expect(res.statusCode, p).toBe(404);
      expect(res.rawPayload.includes(Buffer.from('ftyp')), p).toBe(false);
    }
  });
});
