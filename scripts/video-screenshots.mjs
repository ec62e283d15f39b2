// Screenshots of video mode (issue 18): the video on at 375 and 1280 px, the Ctrl+Alt+D debug corner, and /debug in
// light and dark (docs/screenshots/video-*.png). The manifest comes from the real server over small hand-made MP4s
// (server/test/mp4.ts); they have no frames, so the browser's requests for the files are answered with a short clip
// this script records in Chromium (canvas + MediaRecorder), to show what a playing video looks like.
// Run from the repository root after `npx tsc -b` and `npm run build`:  npx tsx scripts/video-screenshots.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientDist, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { mp4 } from '../server/test/mp4.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const say = (m) => console.log(`video-screenshots: ${m}`);

const server = await startAppServer(defaultClientDist(), 'video-shots');
const browser = await launchChromium();

for (const [rel, seconds] of [['tiktok/cat.mp4', 12], ['tiktok/dog.mp4', 9], ['oddlysatisfying-tg/soap.mp4', 15], ['pexels/waves.mp4', 20]]) {
  const file = path.join(server.dataDir, 'brainrot', rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, mp4({ seconds }));
}

/** A two-second looping clip of soft moving shapes, recorded in the browser (WebM). */
async function recordClip() {
  const page = await browser.newPage();
  await page.goto(`${server.url}/debug`);
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 640;
    const g = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm' });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const start = performance.now();
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - start) / 1000;
        const sky = g.createLinearGradient(0, 0, 0, 640);
        sky.addColorStop(0, '#fde68a');
        sky.addColorStop(1, '#f472b6');
        g.fillStyle = sky;
        g.fillRect(0, 0, 360, 640);
        for (let i = 0; i < 6; i++) {
          g.fillStyle = ['#7c3aed', '#0ea5e9', '#22c55e', '#f97316', '#e11d48', '#14b8a6'][i];
          g.beginPath();
          g.arc(180 + Math.sin(t * 2 + i) * 120, 100 + i * 90 + Math.cos(t * 3 + i) * 20, 40, 0, Math.PI * 2);
          g.fill();
        }
        if (t < 2) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  await page.close();
  return Buffer.from(base64, 'base64');
}

try {
  mkdirSync(out, { recursive: true });
  const clip = await recordClip();
  const user = await registerBenchUser(server, 'video-shots');
  const put = await fetch(`${server.url}/api/auth/profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ brainrotEnabled: true }),
  });
  if (!put.ok) throw new Error(`PUT /api/auth/profile: ${put.status}`);
  user.user = { ...user.user, brainrotEnabled: true };

  const open = async ({ width, theme, url, signedIn = true }) => {
    const viewport = { width, height: width === 375 ? 812 : 900 };
    const context = signedIn ? await signedInContext(browser, user, { viewport, colorScheme: theme }) : await browser.newContext({ viewport, colorScheme: theme });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await context.route((url) => url.pathname.startsWith('/brainrot/'), (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: clip }));
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`);
    return { context, page };
  };
  const save = async (page, name) => {
    await page.screenshot({ path: path.join(out, name) });
    say(name);
  };
  const playing = (page) =>
    page.waitForFunction(
      () => {
        const v = document.querySelector('aside video');
        return v && v.readyState >= 2 && v.currentTime > 0.3;
      },
      null,
      { timeout: 30_000 },
    );

  for (const [width, theme] of [[1280, 'light'], [375, 'light'], [1280, 'dark'], [375, 'dark']]) {
    const { context, page } = await open({ width, theme, url: '/tasks' });
    await playing(page);
    await save(page, `video-on-${width}-${theme}-en.png`);
    if (theme === 'light') {
      await page.keyboard.press('Control+Alt+KeyD');
      await page.getByRole('region', { name: 'Debug corner: video mode' }).waitFor();
      await page.waitForTimeout(200);
      await save(page, `video-debug-corner-${width}-light-en.png`);
    }
    await context.close();
  }
  for (const [width, theme] of [[1280, 'light'], [1280, 'dark'], [375, 'light'], [375, 'dark']]) {
    const { context, page } = await open({ width, theme, url: '/debug' });
    await page.locator('[data-table="tasks"]').waitFor({ timeout: 30_000 });
    await playing(page);
    await save(page, `video-debug-page-${width}-${theme}-en.png`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
