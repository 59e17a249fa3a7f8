import { parseArgs } from 'node:util';
import { createUser, DuplicateUserError, fullName, listUsers } from '../store/users.ts';
import { CliError, UsageError, type CliCommand, type CliContext } from './command.ts';
import { withDatabase } from './database.ts';

const usage = `Usage:
  oasis users add --username U --password P [--email E] [--first-name F] [--last-name L]
                  [--affiliation A] [--affiliation-address ADDR] [--admin]
  oasis users list`;

const parse = (args: string[]) => {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        affiliation: { type: 'string' },
        'affiliation-address': { type: 'string' },
        admin: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
};

const add = async (args: string[], ctx: CliContext): Promise<number> => {
  const options = parse(args);
  if (!options.username) throw new UsageError('--username is required.');
  if (!options.password) throw new UsageError('--password is required.');
  const { username, password } = options;
  const user = await withDatabase(ctx.config(), async (db) => {
    try {
      return await createUser(db, {
        username,
        password,
        email: options.email,
        first_name: options['first-name'],
        last_name: options['last-name'],
        affiliation: options.affiliation,
        affiliation_address: options['affiliation-address'],
        is_admin: options.admin,
      });
    } catch (error) {
      if (error instanceof DuplicateUserError) throw new CliError(error.message);
      throw error;
    }
  });
  ctx.io.out(`Created user ${user.username}${user.is_admin ? ' (admin)' : ''} with user_id ${user.user_id}`);
  return 0;
};

const list = async (args: string[], ctx: CliContext): Promise<number> => {
  if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(' ')}`);
  const users = await withDatabase(ctx.config(), (db) => listUsers(db, 100_000));
  for (const user of users) {
    ctx.io.out(
      [user.user_id, user.username, fullName(user), user.email ?? '-', user.is_admin ? 'admin' : '']
        .join('\t')
        .trimEnd(),
    );
  }
  if (users.length === 0) ctx.io.err('No users yet.');
  return 0;
};

export const usersCommand: CliCommand = {
  name: 'users',
  summary: 'add and list user accounts of the embedded identity provider',
  usage,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'add') return add(rest, ctx);
    if (sub === 'list') return list(rest, ctx);
    throw new UsageError(sub ? `Unknown users command: ${sub}` : 'Missing users command.');
  },
};
