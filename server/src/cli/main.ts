import { processIo } from './io.js';

/**
 * Entry point of the operator commands: `node server/dist/cli/main.js <command> [options]`. `npm run backup` and
 * `npm run migrate-store` (scripts/cli.mjs) build the server first and run it; in the Docker image, which has
 * no build tools, run it directly: `docker compose exec app node server/dist/cli/main.js backup`.
 */
const COMMANDS: Record<string, () => Promise<(argv: string[], env: NodeJS.ProcessEnv, io: typeof processIo) => Promise<number>>> = {
  backup: async () => (await import('./backup.js')).backupCli,
  'migrate-store': async () => (await import('./migrate-store.js')).migrateStoreCli,
};

async function main(): Promise<number> {
  const [name, ...argv] = process.argv.slice(2);
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    processIo.error(`Usage: node server/dist/cli/main.js <${Object.keys(COMMANDS).join('|')}> [options]`);
    return 2;
  }
  return (await load())(argv, process.env, processIo);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    processIo.error(`failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
