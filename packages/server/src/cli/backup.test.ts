// `oasis backup` and `oasis restore` on real installations: a server fills one, the backup is restored into
// an empty one, and both are compared row for row and byte for byte.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../testing/http.ts';
import { seedUploads } from '../testing/seed-uploads.ts';
import { testPostgresServer } from '../testing/test-database.ts';
import type { TestServer } from '../testing/test-server.ts';
import {
  emptyInstallation,
  fillInstallation,
  readInstallation,
  repack,
  startOn,
  type Contents,
  type Installation,
} from '../testing/backup-installation.ts';
import { runCli } from './run.ts';

const postgresServer = testPostgresServer();

const cli = async (args: string[], installation: Installation) => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await runCli(args, { io, config: () => installation.config });
  return { code, output: lines.join('\n') };
};

/**
 * What a restore reproduces exactly. Left out: search snapshots (not restored; the index is rebuilt), and
 * the search_seq of entries, which the trigger of migration 006 renumbers when their dataset memberships
 * are inserted (a change number only tells the search index what to read again).
 */
const comparable = ({ tables, files }: Contents) => {
  const { search_snapshots: _snapshots, entries = [], ...rest } = tables;
  const withoutSeq = entries.map((line) => {
    const { search_seq: _seq, ...row } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(row);
  });
  return { tables: { ...rest, entries: withoutSeq }, files };
};

const expectRestored = async (target: Installation, before: Contents) => {
  const after = await readInstallation(target);
  expect(comparable(after)).toEqual(comparable(before));
  // No snapshot of the old data directory is trusted: the server builds its index from the rows.
  expect(after.tables.search_snapshots).toEqual([]);
  // Sequences continue after every restored number: new rows and changes never collide with old ones.
  for (const [name, value] of Object.entries(before.sequences))
    expect(after.sequences[name]! >= value, name).toBe(true);
  const numbers = ['entries', 'uploads', 'search_deletions'].flatMap((table) =>
    after.tables[table]!.map((line) => BigInt((JSON.parse(line) as { search_seq: number }).search_seq)),
  );
  expect(numbers.every((n) => n <= after.sequences.search_change_seq!)).toBe(true);
};

describe('oasis backup and restore', () => {
  const closing: Installation[] = [];
  const installation = async (postgres?: string) => {
    const created = await emptyInstallation(postgres);
    closing.push(created);
    return created;
  };
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'oasis-backups-'));
  });
  afterAll(async () => {
    for (const done of closing) await done.close();
    rmSync(work, { recursive: true, force: true });
  });

  // The PostgreSQL project runs only the PostgreSQL part: this one uses the embedded database either way.
  describe.skipIf(postgresServer)('with the embedded database', () => {
    let source: Installation;
    let before: Contents;
    let tarFile: string;
    let gzFile: string;
    /** The installation the plain tar was restored into. */
    let restored: Installation;

    beforeAll(async () => {
      source = await installation();
      const server = await startOn(source);
      try {
        await fillInstallation(server);
      } finally {
        await server.close();
      }
      before = await readInstallation(source);
      tarFile = path.join(work, 'oasis.tar');
      gzFile = path.join(work, 'oasis.tar.gz');
      for (const file of [tarFile, gzFile]) {
        const backup = await cli(['backup', file], source);
        expect(backup.output).toMatch(/^Backed up \d+ rows of \d+ tables and 6 files .* of 4 uploads to /);
        expect(backup.code).toBe(0);
      }
    }, 240_000);

    it('filled the installation with everything a backup has to keep', () => {
      const { tables, files } = before;
      expect(tables.users!.length).toBeGreaterThanOrEqual(3);
      expect(tables.entries!.length).toBeGreaterThan(600);
      for (const table of [
        'user_groups',
        'datasets',
        'dataset_entries',
        'search_deletions',
        'oidc_keys',
        'jobs',
      ])
        expect(tables[table]!.length, table).toBeGreaterThan(0);
      const names = Object.keys(files);
      expect(names.some((name) => name.endsWith('/raw/data/binary.bin'))).toBe(true);
      expect(names.some((name) => name.endsWith('/raw/empty/folder') && files[name] === 'dir')).toBe(true);
      expect(names.filter((name) => /\/archive\/.+\.json$/.test(name)).length).toBe(2);
    });

    it('restores the backup into an empty installation, row for row and byte for byte', async () => {
      for (const file of [gzFile, tarFile]) {
        restored = await installation();
        const result = await cli(['restore', file], restored);
        expect(result.output).toContain('Restored ');
        expect(result.code).toBe(0);
        await expectRestored(restored, before);
      }
    }, 120_000);

    it('gives a restored installation a working server: logins, and a search index rebuilt from the rows', async () => {
      const server = await startOn(restored);
      try {
        const { access_token: token } = await apiClient(server).call('authToken', {
          query: { username: 'ada', password: 'ada-password' },
        });
        const { data } = await apiClient(server, token).call('entriesQuery', {
          body: { owner: 'visible', query: { 'datasets.dataset_name': 'Salts' } },
        });
        expect(data).toEqual([
          expect.objectContaining({ mainfile: 'NaCl.cif', comment: 'kept by the backup' }),
        ]);
      } finally {
        await server.close();
      }
    }, 120_000);

    it('refuses to restore into an installation that holds users, and changes nothing', async () => {
      const contents = await readInstallation(restored);
      const again = await cli(['restore', tarFile], restored);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(
        /^restore needs an empty installation: the database holds \d+ users and 4 uploads/,
      );
      expect(await readInstallation(restored)).toEqual(contents);
    }, 120_000);

    it('refuses to restore into a data directory with upload files, and changes nothing', async () => {
      const target = await installation();
      const stray = path.join(target.config.dataDir, 'uploads', 'someone', 'raw', 'a.txt');
      mkdirSync(path.dirname(stray), { recursive: true });
      writeFileSync(stray, 'mine');
      const contents = await readInstallation(target);
      const result = await cli(['restore', tarFile], target);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/^restore needs an empty installation: .*uploads holds upload files/);
      expect(await readInstallation(target)).toEqual(contents);
      expect(contents.files['someone/raw/a.txt']).toEqual(Buffer.from('mine'));
    });

    it('fails clearly on a damaged, truncated or foreign file, and leaves the target empty', async () => {
      const variant = (name: string, content: Buffer) => {
        const file = path.join(work, name);
        writeFileSync(file, content);
        return file;
      };
      const tar = readFileSync(tarFile);
      const gz = readFileSync(gzFile);
      const cases: Array<[string, RegExp]> = [
        [
          variant('half.tar', tar.subarray(0, tar.length / 2)),
          /is not a complete oasis backup: it is truncated/,
        ],
        [
          variant('half.tar.gz', gz.subarray(0, gz.length / 2)),
          /is not a complete oasis backup: it is truncated/,
        ],
        // Cut inside a file's content: rows are in and files staged when the end comes.
        [
          variant('cut-in-a-file.tar', tar.subarray(0, tar.indexOf('raw/data/binary.bin') + 100_000)),
          /is not a complete oasis backup: it is truncated/,
        ],
        [
          variant('garbage.tar', randomBytes(100_000)),
          /is not a complete oasis backup: it is no tar archive/,
        ],
        [variant('empty.tar', Buffer.alloc(0)), /is empty: not an oasis backup/],
        [path.join(work, 'missing.tar'), /Cannot read the backup file .*missing\.tar: it does not exist/],
      ];
      const edited = async (name: string, edit: (entry: string, data: Buffer) => Buffer | undefined) => {
        const file = path.join(work, name);
        await repack(tarFile, file, edit);
        return file;
      };
      cases.push(
        [
          await edited('no-manifest.tar', (entry, data) => (entry === 'manifest.json' ? undefined : data)),
          /is not a usable oasis backup: it ends before its manifest\.json \(the file is truncated\)/,
        ],
        [
          await edited('tampered.tar', (entry, data) => {
            if (!entry.endsWith('/binary.bin')) return data;
            const changed = Buffer.from(data);
            changed[1000] = changed[1000]! ^ 0xff;
            return changed;
          }),
          /is not a usable oasis backup: its content does not match the digest of its manifest/,
        ],
        [
          await edited('future.tar', (entry, data) => {
            if (entry !== 'backup.json') return data;
            const header = JSON.parse(data.toString()) as { migrations: string[] };
            header.migrations.push('999_from_the_future.sql');
            return Buffer.from(JSON.stringify(header));
          }),
          /The backup comes from a newer oasis version: .* 999_from_the_future\.sql/,
        ],
      );
      // One target for all, started once (schema, signing key): each failure must leave it as it was,
      // and so restorable in the end.
      const target = await installation();
      await (await startOn(target)).close();
      // Sequences are outside transactions: a failed restore may have moved them on (numbers are skipped).
      const { sequences: _sequences, ...pristine } = await readInstallation(target);
      expect(pristine.tables.users).toEqual([]);
      for (const [file, message] of cases) {
        const result = await cli(['restore', file], target);
        expect(result.output, file).toMatch(message);
        expect(result.output, file).toContain('Nothing was restored');
        expect(result.code, file).toBe(1);
        const { sequences: _moved, ...after } = await readInstallation(target);
        expect(after, file).toEqual(pristine);
      }
      expect((await cli(['restore', gzFile], target)).code).toBe(0);
      await expectRestored(target, before);
    }, 120_000);

    it('prints the usage on wrong arguments', async () => {
      for (const args of [['backup'], ['restore'], ['backup', 'a', 'b'], ['restore', '--force', 'a']])
        expect((await cli(args, source)).code, args.join(' ')).toBe(2);
      expect((await cli(['backup', '--help'], source)).output).toContain(
        'files written after it are not guaranteed',
      );
    });

    it('refuses to overwrite a file, and to back up while a server holds the embedded database', async () => {
      const again = await cli(['backup', tarFile], source);
      expect(again).toEqual({ code: 1, output: expect.stringContaining('already exists') as unknown });
      const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      const pidFile = path.join(source.config.dataDir, 'server.pid');
      try {
        writeFileSync(pidFile, String(holder.pid));
        const refused = await cli(['backup', path.join(work, 'while-running.tar')], source);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`The oasis server is running (pid ${holder.pid})`);
        expect(refused.output).toContain('Stop the server first');
        expect(existsSync(path.join(work, 'while-running.tar'))).toBe(false);
      } finally {
        holder.kill();
        rmSync(pidFile, { force: true });
      }
    });
  });

  describe.skipIf(!postgresServer)('with a PostgreSQL server (in the server-postgres project)', () => {
    let source: Installation;
    let server: TestServer | undefined;
    beforeAll(async () => {
      source = await installation(postgresServer);
      server = await startOn(source);
      await fillInstallation(server);
    }, 240_000);
    afterAll(async () => server?.close());

    it('backs up while the server runs and restores into a new database', async () => {
      const before = await readInstallation(source);
      const file = path.join(work, 'postgres.tar.gz');
      const backup = await cli(['backup', file], source);
      expect(backup.output).toMatch(/^Backed up /);
      expect(backup.code).toBe(0);
      const target = await installation(postgresServer);
      const restored = await cli(['restore', file], target);
      expect(restored.output).toContain('Restored ');
      expect(restored.code).toBe(0);
      await expectRestored(target, before);
    }, 240_000);

    it('backs up one snapshot while uploads are being written', async () => {
      // Uploads of 50 entries, each in one transaction, one after the other until the backup is done:
      // a dump of uploads and entries at different moments would hold entries of uploads it lacks.
      let writing = true;
      const writer = (async () => {
        for (let seed = 100; writing; seed++)
          await seedUploads(server!.ctx.db, { seed, uploads: 1, entriesPerUpload: 50, from: '2022-01-01' });
      })();
      const file = path.join(work, 'postgres-busy.tar');
      let backup;
      try {
        backup = await cli(['backup', file], source);
      } finally {
        writing = false;
        await writer;
      }
      expect(backup.code, backup.output).toBe(0);
      const target = await installation(postgresServer);
      expect((await cli(['restore', file], target)).code).toBe(0);
      const entriesPerUpload = (contents: Contents) => {
        const counts = new Map<string, number>();
        for (const line of contents.tables.uploads!)
          counts.set((JSON.parse(line) as { upload_id: string }).upload_id, 0);
        for (const line of contents.tables.entries!) {
          const { upload_id: id } = JSON.parse(line) as { upload_id: string };
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        return counts;
      };
      const now = entriesPerUpload(await readInstallation(source));
      const restored = entriesPerUpload(await readInstallation(target));
      // Every restored upload is whole: uploads do not change once written.
      for (const [id, count] of restored) expect(count, id).toBe(now.get(id));
    }, 240_000);
  });
});
