// `npm run backup` and `npm run migrate-store`: build the server when it is out of date (like `npm start`),
// then run the operator command `node server/dist/cli/main.js <command> …args` with our stdio and environment.
// Node 20, node:* only. See docs/operations.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, root, say } from './lib/build-steps.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/cli.mjs <backup|migrate-store> [options]');
  process.exit(2);
}

// The build's progress goes to stderr, so that stdout carries only what the command prints.
const log = console.log;
console.log = (...line) => console.error(...line);
buildServer(command);
console.log = log;

const entry = path.join(root, 'server', 'dist', 'cli', 'main.js');
const result = spawnSync(process.execPath, [entry, command, ...args], { stdio: 'inherit', env: process.env });
if (result.error) {
  say(command, `could not run ${path.relative(root, entry)}: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
