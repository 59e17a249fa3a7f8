// Installations for the backup and restore tests: a data directory with the embedded database on disk
// (or a fresh database on a PostgreSQL server), a real server filling it, and a reading of all it holds.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { expect } from 'vitest';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import { openDatabase } from '../db/database.ts';
import { startServer } from '../server.ts';
import { findUserByUsername } from '../store/users.ts';
import { as, callApi, json, waitProcessed } from './http.ts';
import { seedUploads } from './seed-uploads.ts';
import { naclCif } from './structures.ts';
import { freshPostgresDatabase } from './test-database.ts';
import type { TestServer } from './test-server.ts';
import { createUserWithToken } from './users.ts';
import { listSequences, listTables, quoteIdent, readSequence } from '../cli/backup/catalog.ts';

export interface Installation {
  config: OasisConfig;
  close(): Promise<void>;
}

/** An empty installation: a new data directory, and with `postgresServer` a new database on that server. */
export const emptyInstallation = async (postgresServer?: string): Promise<Installation> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-backup-'));
  const postgres = postgresServer ? await freshPostgresDatabase(postgresServer) : undefined;
  const config = loadConfig(
    { OASIS_DATA_DIR: dataDir },
    { port: 0, host: '127.0.0.1', ...(postgres ? { databaseUrl: postgres.url } : {}) },
  );
  return {
    config,
    async close() {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The real server on the installation (the embedded database on disk, not in memory). */
export const startOn = async (installation: Installation): Promise<TestServer> => {
  const { config } = installation;
  const server = await startServer(config, {
    onListening: (origin) => {
      config.publicOrigin = origin;
    },
  });
  return { ...server, api: `${server.origin}${config.basePath}/api/v1` };
};

const ok = async <T>(response: Promise<Response>): Promise<T> => {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(200);
  return json<T>(answer);
};

/**
 * Fills a running installation with what a backup must keep: users, a group, processed uploads with raw
 * files (binary, a long non-ASCII name, an empty folder) and archives, a dataset with entries, curation,
 * a published upload with an embargo, a deleted entry's tombstone, and seeded uploads of 300 entries
 * each (several pages of rows).
 */
export const fillInstallation = async (server: TestServer): Promise<void> => {
  const ada = await createUserWithToken(server, 'ada');
  const bob = await createUserWithToken(server, 'bob');
  const bobId = (await findUserByUsername(server.ctx.db, 'bob'))!.user_id;
  const group = await ok<{ group_id: string }>(
    callApi(server, ada, 'POST', 'groups', { group_name: 'Backup team', members: [bobId] }),
  );
  const upload = async (token: string, fileName: string, body: string | Buffer) => {
    const created = await ok<{ upload_id: string }>(
      fetch(`${server.api}/uploads?file_name=${fileName}`, as(token, { method: 'POST', body })),
    );
    await waitProcessed(server, created.upload_id, token);
    return created.upload_id;
  };
  const put = async (
    token: string,
    uploadId: string,
    folder: string,
    fileName: string,
    body: string | Buffer,
  ) => {
    await ok(
      fetch(
        `${server.api}/uploads/${uploadId}/raw/${encodeURI(folder)}?file_name=${encodeURIComponent(fileName)}`,
        as(token, { method: 'PUT', body }),
      ),
    );
    await waitProcessed(server, uploadId, token);
  };

  const salts = await upload(ada, 'NaCl.cif', naclCif);
  await put(ada, salts, 'data', 'binary.bin', randomBytes(200_000));
  const longName = `${'ÄÖÜ-long-name-'.repeat(8)}.txt`;
  await put(ada, salts, `deep/${'folder-'.repeat(12)}`, longName, 'a file whose path needs a pax header\n');
  await ok(callApi(server, ada, 'POST', `uploads/${salts}/raw-create-dir/empty/folder`));
  const dataset = await ok<{ dataset_id: string }>(
    callApi(server, ada, 'POST', 'datasets', { dataset_name: 'Salts' }),
  );
  await ok(
    callApi(server, ada, 'POST', `uploads/${salts}/edit`, {
      metadata: {
        upload_name: 'Salts',
        comment: 'kept by the backup',
        references: ['https://example.org/backup'],
        datasets: { add: dataset.dataset_id },
        coauthor_groups: { add: group.group_id },
      },
    }),
  );
  await ok(callApi(server, ada, 'POST', `uploads/${salts}/action/publish?embargo_length=3`));
  await waitProcessed(server, salts, ada);

  const other = await upload(bob, 'NaCl.cif', naclCif);
  await put(bob, other, 'second', 'KCl.cif', naclCif.replaceAll('Na', 'K'));
  await ok(callApi(server, bob, 'DELETE', `uploads/${other}/raw/second/KCl.cif`));
  await waitProcessed(server, other, bob);

  await seedUploads(server.ctx.db, { seed: 5, uploads: 2, entriesPerUpload: 300, from: '2021-01-01' });
};

export interface Contents {
  /** Every table's rows (PostgreSQL's JSON of each), in key order. */
  tables: Record<string, string[]>;
  /** Every sequence's last value. */
  sequences: Record<string, bigint>;
  /** uploads/ below the data directory: folders ('dir') and files (their bytes); the tmp folders left out. */
  files: Record<string, Buffer | 'dir'>;
  /** Restore staging folders left in the data directory (there should be none). */
  staging: string[];
}

const listFiles = async (
  dir: string,
  relative = '',
  out: Contents['files'] = {},
): Promise<Contents['files']> => {
  const dirents = await readdir(path.join(dir, relative), { withFileTypes: true }).catch(() => []);
  for (const dirent of dirents) {
    const child = relative ? `${relative}/${dirent.name}` : dirent.name;
    // uploads/<id>/tmp holds unfinished writes only; backups leave it out.
    if (dirent.isDirectory() && child.split('/').length === 2 && dirent.name === 'tmp') continue;
    if (dirent.isDirectory()) {
      out[child] = 'dir';
      await listFiles(dir, child, out);
    } else {
      out[child] = await readFile(path.join(dir, child));
    }
  }
  return out;
};

/** Everything the installation holds (its server stopped when the database is the embedded one). */
export const readInstallation = async ({ config }: Installation): Promise<Contents> => {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  try {
    const tables: Contents['tables'] = {};
    for (const table of await listTables(db)) {
      const order = table.key.map(({ column }) => quoteIdent(column)).join(', ');
      const { rows } = await db.query<{ line: string }>(
        `SELECT row_to_json(r.*)::text AS line FROM ${quoteIdent(table.name)} r ORDER BY ${order}`,
      );
      tables[table.name] = rows.map((row) => row.line);
    }
    const sequences: Contents['sequences'] = {};
    for (const name of await listSequences(db))
      sequences[name] = BigInt((await readSequence(db, name)).value);
    return {
      tables,
      sequences,
      files: await listFiles(path.join(config.dataDir, 'uploads')),
      staging: (await readdir(config.dataDir)).filter((name) => name.startsWith('.restore')),
    };
  } finally {
    await db.close();
  }
};

/** Copies a (plain tar) backup entry by entry; `edit` returns an entry's new content, or undefined to drop it. */
export const repack = async (
  from: string,
  to: string,
  edit: (name: string, data: Buffer) => Buffer | undefined,
): Promise<void> => {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(from), extract);
  const pack = tar.pack();
  const writing = pipeline(pack, createWriteStream(to));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const { name, type, mode, mtime } = entry.header;
    const data = edit(name, Buffer.concat(chunks));
    if (!data) continue;
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, type, mode, mtime, size: data.length }, data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  await reading;
  pack.finalize();
  await writing;
};
