import { parseArgs } from 'node:util';

/** What the operator commands (`npm run backup`, `npm run migrate-store`) share: output and their errors. */

/** Where a command writes: stdout for its results, stderr for problems (tests collect both). */
export interface CliIo {
  print(line: string): void;
  error(line: string): void;
}

export const processIo: CliIo = {
  print: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

/** A failure the command explains to the operator in its message (printed as is, without a stack). */
export class CliError extends Error {}

/**
 * A command's `--data-dir` and its own string options (plus `--help`), parsed from `argv`: the values, or the
 * exit code when there is nothing to run (2 after a usage error, 0 after `--help`), the usage already printed.
 */
export function parseCliOptions<K extends string>(argv: string[], names: readonly K[], usage: string, io: CliIo): Partial<Record<K | 'data-dir', string>> | number {
  const options = Object.fromEntries([...names, 'data-dir'].map((n) => [n, { type: 'string' as const }]));
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } } }));
  } catch (err) {
    io.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.print(usage);
    return 0;
  }
  return values as Partial<Record<K | 'data-dir', string>>;
}
