// The run's surroundings: the build it measures, the machine, other load on it, and the git commit.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from '../lib.mjs';

/** `tsc -b` (shared + server); type errors warn (the emitted JavaScript is measured), a missing build exits. */
export function build(root, say) {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  say('tsc -b (shared + server)…');
  const r = spawnSync(tsc, ['-b'], { cwd: root, encoding: 'utf8' });
  const appJs = path.join(root, 'server', 'dist', 'app.js');
  if (r.status === 0) return { ok: true };
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (!existsSync(appJs)) {
    console.error(out);
    console.error('[bench] the build failed and server/dist/app.js does not exist: nothing to measure.');
    process.exit(1);
  }
  // tsc -b still emits JavaScript on type errors; other work in progress should not stop the bench.
  console.warn(`[bench] WARNING: tsc -b reported errors; measuring the emitted server/dist anyway:\n${out}`);
  return { ok: false, errors: out.split('\n').filter((l) => l.includes('error TS')).length };
}

export function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return {
    cpus: os.cpus().length,
    model,
    mem: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** Share of all CPUs busy during `msWindow` while this script sleeps: other work on the machine. */
export async function foreignCpu(msWindow = 2000) {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    return { idle, total: f.reduce((a, b) => a + b, 0) };
  };
  if (!existsSync('/proc/stat')) return null;
  const a = read();
  await sleep(msWindow);
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}

export function git(root, args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}
