import { parseArgs } from 'node:util';
import { rotateKeys } from '../auth/keys.ts';
import { UsageError, type CliCommand } from './command.ts';
import { withDatabase } from './database.ts';

/** Refresh tokens and provider sessions live 30 days: the longest a token of an old key stays in use. */
const DEFAULT_KEEP_DAYS = 30;

const usage = `Usage:
  oasis keys rotate [--keep-days N]
Makes a new signing key for the tokens of the embedded identity provider and the app tokens. The new key
signs from now on; the old ones keep verifying tokens for N more days (default ${DEFAULT_KEEP_DAYS}, the
lifetime of a login session), then retire. Running servers pick the new key up within 30 seconds; with
several nodes, run it once.`;

export const keysCommand: CliCommand = {
  name: 'keys',
  summary: 'rotate the signing keys of tokens',
  usage,
  async run(args, ctx) {
    const [action, ...rest] = args;
    if (action !== 'rotate') throw new UsageError(action ? `Unknown action: ${action}` : 'Missing action.');
    let keepDays = DEFAULT_KEEP_DAYS;
    try {
      const { values } = parseArgs({
        args: rest,
        strict: true,
        allowPositionals: false,
        options: { 'keep-days': { type: 'string' } },
      });
      if (values['keep-days'] !== undefined) keepDays = Number(values['keep-days']);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (!Number.isFinite(keepDays) || keepDays < 0)
      throw new UsageError('--keep-days must be a number of days, 0 or more.');
    const kid = await withDatabase(ctx.config(), (db) => rotateKeys(db, keepDays * 86_400));
    ctx.io.out(`New signing key ${kid}; the previous keys verify tokens for ${keepDays} more days.`);
    return 0;
  },
};
