import { formatBytes } from '../files/sizes.ts';
import type { CliCommand } from './command.ts';
import { backupFileArgument, tookSummary } from './backup/format.ts';
import { runRestore } from './restore/run-restore.ts';

const usage = `Usage:
  oasis restore <file>
Restores a backup written by 'oasis backup' (gzipped or not) into an empty installation: no users and no
uploads in the database, no upload files in the data directory (a new OASIS_DATA_DIR and, with
OASIS_DATABASE_URL, a new empty database). Stop the server first. The database is brought to the
backup's migrations, every table's rows go in, newer migrations of this version follow, and sequences
continue after the restored values; then the upload files are put in place. All or nothing: a damaged or
truncated backup leaves the installation as it was. A backup of a newer oasis version is refused.
Search index snapshots are not restored: the server rebuilds its search index from the database at its
next start.`;

export const restoreCommand: CliCommand = {
  name: 'restore',
  summary: "restore a backup of 'oasis backup' into an empty installation",
  usage,
  async run(args, ctx) {
    const file = backupFileArgument(args);
    const started = Date.now();
    const { manifest, counts } = await runRestore(ctx.config(), file);
    const { rows, seconds } = tookSummary(counts.rows, started);
    ctx.io.out(
      `Restored ${rows} rows of ${manifest.tables.length} tables and ${counts.files.count} files ` +
        `(${formatBytes(counts.files.bytes)}) of ${manifest.uploads} uploads from ${file} ` +
        `(backup of ${manifest.created}) in ${seconds} s. The search index is rebuilt at the next start.`,
    );
    return 0;
  },
};
