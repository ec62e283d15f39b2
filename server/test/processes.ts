import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';

/** The compiled server (`npx tsc -b`); tests that need real processes run only when it exists. */
export const DIST = path.resolve(import.meta.dirname, '../dist');
export const SERVER_JS = path.join(DIST, 'server.js');

export interface ServerStart {
  child: ChildProcess;
  /** Set once the server listens. */
  url?: string;
  /** Set when the process ended before it listened. */
  code?: number | null;
  /** stdout and stderr so far. */
  output: string;
}

/** Starts `dist/server.js` on `dataDir` (port 0); resolves when it listens or exits, whichever comes first. */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerStart> {
  const child = spawn(process.execPath, [SERVER_JS], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve({ child, url: m[1]!, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => resolve({ child, code, output }));
  });
}

/** Runs an ES module `script` in a new Node process. */
export function nodeScript(script: string, stdio: StdioOptions = ['ignore', 'pipe', 'pipe']): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio });
}
