// `npm start`: build what is out of date, then run the server (which applies migrations at start).
// Node 20, node:* only. See docs/architecture.md.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import {
  buildClient,
  buildServer,
  clientBuildIsStale,
  clientHasBuildScript,
  root,
  say,
  serverEntry,
} from './lib/build-steps.mjs';

const SCRIPT = 'start';

// (a) The client, only when its build is missing or older than its sources.
if (!clientHasBuildScript()) say(SCRIPT, 'client: no build script yet, nothing to build');
else if (clientBuildIsStale()) buildClient(SCRIPT);
else say(SCRIPT, 'client: client/dist is up to date');

// (b) shared + server: tsc -b is incremental, so this is quick when nothing changed.
buildServer(SCRIPT);

// (c) The server, with our stdio and environment. It runs in its own process group so that Ctrl+C in a
// terminal reaches it once, through us, instead of twice (which would cut its graceful shutdown short).
say(SCRIPT, `starting the server: node ${path.relative(root, serverEntry)}`);
const server = spawn(process.execPath, [serverEntry], { stdio: 'inherit', env: process.env, detached: true });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
// If this process dies first for any other reason, do not leave the server running on its own.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('error', (err) => {
  say(SCRIPT, `could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
