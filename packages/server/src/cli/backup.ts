import { formatBytes } from '../files/sizes.ts';
import type { CliCommand } from './command.ts';
import { backupFileArgument, tookSummary } from './backup/format.ts';
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
    const file = backupFileArgument(args);
    const started = Date.now();
    const { manifest, vanished } = await runBackup(ctx.config(), file);
    const { rows, seconds } = tookSummary(manifest.rows, started);
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
