import { loadConfig, type OasisConfig } from '../config/config.ts';
import { backupCommand } from './backup.ts';
import { CliError, UsageError, type CliCommand, type CliIO } from './command.ts';
import { keysCommand } from './keys.ts';
import { restoreCommand } from './restore.ts';
import { seedCommand } from './seed.ts';
import { usersCommand } from './users.ts';

/** The commands of `npm run oasis -- <command> ...`; add new ones (seed, ...) here. */
const commands: CliCommand[] = [usersCommand, seedCommand, backupCommand, restoreCommand, keysCommand];

const generalUsage = () =>
  [
    'Usage: npm run oasis -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`),
  ].join('\n');

const consoleIO: CliIO = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** Runs one command line; returns the exit code (0 ok, 1 failure, 2 wrong usage). */
export const runCli = async (
  argv: string[],
  options: { io?: CliIO; config?: () => OasisConfig } = {},
): Promise<number> => {
  const io = options.io ?? consoleIO;
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.err(generalUsage());
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command: ${name}\n\n${generalUsage()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(args, { io, config: options.config ?? (() => loadConfig()) });
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    if (error instanceof CliError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
};
