import path from 'node:path';
import { formatBytes } from '../files/sizes.ts';
import { UsageError, type CliCommand } from './command.ts';
import { runBackup } from './backup/run-backup.ts';

const usage = `Usage:
  oasis backup <file>
Writes one archive file (a tar; gzipped when <file> ends in .gz or .tgz; it must not exist yet) holding
every table of the database, the raw files and processed archives of every upload, and a manifest
(versions, row and file counts, a digest). 'oasis restore <file>' puts it into an empty installation.
The database is read in one snapshot (one REPEATABLE READ, READ ONLY transaction). With the embedded
database the server must be stopped: it holds the database. With a PostgreSQL server
(OASIS_DATABASE_URL) the backup may run while the server does. The upload files are then copied after
the snapshot was taken, each file whole as it is when read: uploads created after the snapshot are not in
the backup, files written after it are not guaranteed to be (an upload processed meanwhile may be saved
with archives newer than its rows), and files deleted meanwhile are missing (the command counts them).
The search index is not saved: the server rebuilds it from the database at its next start.`;

export const backupCommand: CliCommand = {
  name: 'backup',
  summary: 'write the database and the upload files into one archive file',
  usage,
  async run(args, ctx) {
    if (args.length !== 1 || args[0]!.startsWith('-'))
      throw new UsageError(args.length === 0 ? 'Missing <file>.' : `Unexpected arguments: ${args.join(' ')}`);
    const file = path.resolve(args[0]!);
    const started = Date.now();
    const { manifest, vanished } = await runBackup(ctx.config(), file);
    const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    ctx.io.out(
      `Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.count} files ` +
        `(${formatBytes(manifest.files.bytes)}) of ${manifest.uploads} uploads to ${file} in ${seconds} s.`,
    );
    if (vanished > 0)
      ctx.io.err(
        `${vanished} files were deleted while the backup ran (by the running server) and are not in it.`,
      );
    return 0;
  },
};
