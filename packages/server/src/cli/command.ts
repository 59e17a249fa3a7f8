import type { OasisConfig } from '../config/config.ts';

/** Where a command writes; tests pass their own to capture the output. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

export interface CliContext {
  io: CliIO;
  /** Loaded lazily: `--help` and usage errors must work without a readable configuration. */
  config(): OasisConfig;
}

/** A top-level command (`oasis users ...`); new commands are modules that export one and join the list in run.ts. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Returns the process exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
}

/** Wrong arguments: the usage text is shown and the exit code is 2. */
export class UsageError extends Error {}

/** A failure with a message for the user (no stack trace) and exit code 1. */
export class CliError extends Error {}
