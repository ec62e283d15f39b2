// Build steps shared by scripts/start.mjs and scripts/build.mjs. Node 20, node:* only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const client = path.join(root, 'client');

/** Print one short progress line, prefixed with the script's name. */
export function say(script, message) {
  console.log(`[${script}] ${message}`);
}

/** Run a command from the repository root with inherited stdio; exit with its status when it fails. */
export function run(script, label, command, args) {
  const started = performance.now();
  say(script, `${label}…`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : result.signal ? `signal ${result.signal}` : `exit code ${result.status}`;
    say(script, `${label} failed (${why}) after ${seconds} s`);
    process.exit(typeof result.status === 'number' && result.status !== 0 ? result.status : 1);
  }
  say(script, `${label}: done in ${seconds} s`);
}

/** The file whose presence shows that `tsc -b` emitted each project. */
export const serverEntry = path.join(root, 'server', 'dist', 'server.js');
const emitted = [path.join(root, 'shared', 'dist'), serverEntry];

/**
 * The source projects `npm start` and `npm run build` compile. The root tsconfig.json also references the test
 * projects (every workspace's tsconfig.test.json), which `npm test` and `npm run typecheck` check with `tsc -b`;
 * running the app does not need them.
 */
const SOURCE_PROJECTS = ['shared', 'server', 'client'];

/**
 * `tsc -b shared server client`: builds shared/dist and server/dist and type-checks the client; incremental, so
 * it is fast when nothing changed. tsc trusts its *.tsbuildinfo files and does not notice a deleted dist/, so
 * then it rebuilds with --force.
 */
export function buildServer(script) {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  if (!existsSync(tsc)) {
    say(script, 'node_modules/.bin/tsc is missing: run `npm ci` first');
    process.exit(1);
  }
  if (emitted.every((file) => existsSync(file))) run(script, 'building shared + server (tsc -b)', tsc, ['-b', ...SOURCE_PROJECTS]);
  else run(script, 'building shared + server (tsc -b --force: dist/ is missing)', tsc, ['-b', '--force', ...SOURCE_PROJECTS]);
}

/** Whether client/package.json declares a `build` script (the placeholder workspace has none). */
export function clientHasBuildScript() {
  try {
    const pkg = JSON.parse(readFileSync(path.join(client, 'package.json'), 'utf8'));
    return typeof pkg.scripts?.build === 'string';
  } catch {
    return false;
  }
}

export function buildClient(script) {
  run(script, 'building the client (npm run build -w client)', 'npm', ['run', 'build', '-w', 'client']);
}

/** True when some file under `entry` (a file or a directory) was modified after `since` (ms). */
function newerThan(entry, since) {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return false;
  }
  if (!stat.isDirectory()) return stat.mtimeMs > since;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules') continue;
    if (newerThan(path.join(entry, child.name), since)) return true;
  }
  return false;
}

/**
 * The client needs a build when client/dist/index.html is missing or older than any of its inputs:
 * client/src, client/public, client/index.html, client/vite.config.*, and shared/src (bundled into it).
 */
export function clientBuildIsStale() {
  const built = path.join(client, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  // The prerendered landing page (client/scripts/prerender-landing.mjs, after vite build).
  if (!existsSync(path.join(client, 'dist', 'landing', 'en.html'))) return true;
  const since = statSync(built).mtimeMs;
  const configs = readdirSync(client).filter((name) => /^vite\.config\.[cm]?[jt]s$/.test(name));
  const inputs = ['src', 'public', 'index.html', 'scripts', ...configs].map((name) => path.join(client, name));
  inputs.push(path.join(root, 'shared', 'src'));
  return inputs.some((input) => newerThan(input, since));
}
