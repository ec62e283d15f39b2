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
