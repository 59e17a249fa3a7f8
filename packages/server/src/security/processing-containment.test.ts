// A failing file can never take the server down: parsers run in processes with memory and time limits,
// large text inputs are refused by size or streamed, and a job that keeps dying is given up. The 400 MB
// inputs are generated into a temporary folder while zipping (never held whole, never committed).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type OasisConfig } from '../config/config.ts';
import { DEFAULT_PROCESSING_LIMITS, DEFAULT_UPLOAD_FILE_LIMITS } from '../config/processing-limits.ts';
import { formatBytes } from '../files/sizes.ts';
import { PROCESS_UPLOAD } from '../jobs/processing.ts';
import { startServer, type RunningServer } from '../server.ts';
import { trajectory, zerosArchive } from '../testing/big-inputs.ts';
import { sampleRss } from '../testing/rss-sampler.ts';
import { naclCif } from '../testing/structures.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createUserWithToken } from '../testing/users.ts';
import { writeZipFile } from '../testing/zip-stream.ts';
import { apiClient } from '../testing/http.ts';

const MB = 1024 ** 2;

/** Waits (up to `seconds`) until the upload's processing is over; returns the upload and its entries. */
const processed = async (server: { api: string }, uploadId: string, token: string, seconds = 240) => {
  const api = apiClient(server, token);
  const upload = { upload_id: uploadId };
  for (let i = 0; i < seconds * 5; i++) {
    const { data } = await api.call('uploadById', { params: upload });
    if (!data.process_running) {
      const entries = await api.call('uploadEntries', { params: upload });
      return { upload: data, entries: entries.data };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('processing did not finish');
};

/** Asks for /info every 250 ms while `work` runs: the API must keep answering. */
const whileAnswering = async <T>(server: { api: string }, work: () => Promise<T>) => {
  let running = true;
  let failures = 0;
  let answered = 0;
  const anonymous = apiClient(server);
  const pinging = (async () => {
    while (running) {
      await anonymous.call('info').then(
        () => answered++,
        () => failures++,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  try {
    return { result: await work(), answers: () => ({ answered, failures }) };
  } finally {
    running = false;
    await pinging;
  }
};

const processingLogs = async (server: TestServer, entryId: string, token: string) => {
  const { data } = await apiClient(server, token).call('entryArchiveQuery', {
    params: { entry_id: entryId },
    body: { required: { processing_logs: '*' } },
  });
  // The archive's sections are untyped in the contract.
  return (data.archive as { processing_logs: Array<{ level: string; event: string }> }).processing_logs;
};

const report = (label: string, peaks: { main: number; children: number; total: number }) =>
  console.log(
    `${label}: peak RSS server process ${formatBytes(peaks.main)}, parser processes ${formatBytes(peaks.children)}, ` +
      `together ${formatBytes(peaks.total)} (vitest worker hosting the server included)`,
  );

describe('a failing file cannot take the server down', () => {
  let scratch = '';
  let archiveZip = '';
  let xyzZip = '';
  // The zips themselves inflate 1000:1: the archive rule would refuse them at the door, so these
  // servers take them in to let the parsers meet them.
  const acceptBombs: Partial<OasisConfig> = {
    uploadFiles: { ...DEFAULT_UPLOAD_FILE_LIMITS, archiveMaxRatio: 1_000_000 },
  };

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'oasis-containment-'));
    archiveZip = path.join(scratch, 'big-archive.zip');
    xyzZip = path.join(scratch, 'trajectory.zip');
    await writeZipFile(archiveZip, [
      ['big.archive.json', () => zerosArchive()],
      ['NaCl.cif', Buffer.from(naclCif)],
    ]);
    await writeZipFile(xyzZip, [
      ['traj.xyz', () => trajectory()],
      ['NaCl.cif', Buffer.from(naclCif)],
    ]);
  }, 120_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const upload = async (server: TestServer, token: string, zip: string) =>
    (
      await apiClient(server, token).upload('uploadCreate', new Blob([readFileSync(zip)]), {
        query: { file_name: path.basename(zip) },
      })
    ).upload_id;

  it('fails a 400 MB archive JSON whose parser runs out of memory, processes its sibling, and keeps answering', async () => {
    // The size limit would refuse this file before parsing (next test); raised, JSON.parse gets it.
    const server = await startTestServer({
      ...acceptBombs,
      processing: { ...DEFAULT_PROCESSING_LIMITS, maxMainfileBytes: 1024 * MB },
    });
    try {
      const token = await createUserWithToken(server, 'alice');
      const rss = sampleRss();
      const { result, answers } = await whileAnswering(server, async () =>
        processed(server, await upload(server, token, archiveZip), token),
      );
      const peaks = await rss.stop();
      report('400 MB big.archive.json (out of memory)', peaks);
      const message = 'the parser ran out of memory (limit 2 GB) on big.archive.json';
      const byFile = Object.fromEntries(result.entries.map((e) => [e.mainfile, e]));
      expect(byFile['big.archive.json']).toMatchObject({
        process_status: 'FAILURE',
        errors: [expect.stringMatching(new RegExp(`^${message.replace(/[().]/g, '\\$&')}`))],
      });
      expect(byFile['NaCl.cif']).toMatchObject({ process_status: 'SUCCESS' });
      expect(result.upload).toMatchObject({
        process_status: 'SUCCESS',
        errors: [expect.stringContaining(message)],
      });
      const logs = await processingLogs(server, byFile['big.archive.json']!.entry_id, token);
      expect(logs).toContainEqual(
        expect.objectContaining({ level: 'ERROR', event: expect.stringContaining(message) }),
      );
      expect(answers()).toMatchObject({ failures: 0 });
      // The API answered all along (pinged every 250 ms between answers); how fast is bench:load's question.
      expect(answers().answered).toBeGreaterThan(3);
      // The parser's limit holds its process (plus what the watchdog lets through between two looks).
      expect(peaks.children).toBeLessThan(2.6 * 1024 * MB);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('with the default limits, refuses the same file by its size before reading it', async () => {
    const server = await startTestServer(acceptBombs);
    try {
      const token = await createUserWithToken(server, 'alice');
      const rss = sampleRss();
      const { entries } = await processed(server, await upload(server, token, archiveZip), token);
      report('400 MB big.archive.json (size limit)', await rss.stop());
      expect(entries.find((e) => e.mainfile === 'big.archive.json')).toMatchObject({
        process_status: 'FAILURE',
        errors: [
          'big.archive.json is too large to parse: 400 MB, over the limit of 256 MB for parsers/archive',
        ],
      });
    } finally {
      await server.close();
    }
  }, 300_000);

  it('streams a 400 MB multi-frame XYZ up to its frame cap, the server staying small', async () => {
    const server = await startTestServer(acceptBombs);
    try {
      const token = await createUserWithToken(server, 'alice');
      const rss = sampleRss();
      const { result, answers } = await whileAnswering(server, async () =>
        processed(server, await upload(server, token, xyzZip), token),
      );
      const peaks = await rss.stop();
      report('400 MB multi-frame traj.xyz', peaks);
      const entry = result.entries.find((e) => e.mainfile === 'traj.xyz')!;
      expect(entry.process_status).toBe('SUCCESS');
      const logs = await processingLogs(server, entry.entry_id, token);
      expect(logs).toContainEqual(
        expect.objectContaining({
          level: 'WARNING',
          event: expect.stringMatching(/^XYZ file has more frames than are kept: only the first 200 frames/),
        }),
      );
      expect(answers()).toMatchObject({ failures: 0 });
      expect(peaks.total).toBeLessThan(2.5 * 1024 * MB);
    } finally {
      await server.close();
    }
  }, 300_000);
});

describe('a job that keeps dying', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'oasis-attempts-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = async (): Promise<RunningServer & { api: string }> => {
    const config = loadConfig({ OASIS_DATA_DIR: dataDir }, { port: 0, host: '127.0.0.1' });
    const running = await startServer(config, {
      checkResponses: true,
      onListening: (origin) => {
        config.publicOrigin = origin;
      },
    });
    return Object.assign(running, { api: `${running.origin}${config.basePath}/api/v1` });
  };
  const tokenOf = async (api: string) =>
    (await apiClient({ api }).call('authToken', { query: { username: 'alice', password: 'alice-password' } }))
      .access_token;

  it('is given up after its attempts at a restart: the upload shows a failed process, no entry stays pending', async () => {
    const first = await start();
    let doomed = '';
    let retried = '';
    try {
      const token = await createUserWithToken(first, 'alice');
      const post = async () =>
        (
          await apiClient(first, token).upload('uploadCreate', new Blob([naclCif]), {
            query: { file_name: 'NaCl.cif' },
          })
        ).upload_id;
      doomed = await post();
      retried = await post();
      await processed(first, doomed, token);
      await processed(first, retried, token);
      // What starts that died while processing leave: the job RUNNING after 3 (and 1) attempts, the
      // upload and its entry in the middle of processing.
      for (const [uploadId, attempts] of [
        [doomed, 3],
        [retried, 1],
      ] as const) {
        // The processing job only: the upload's receiving job finished when its file was taken.
        await first.ctx.db.query(
          `UPDATE jobs SET state = 'RUNNING', attempts = $2 WHERE upload_id = $1 AND kind = $3`,
          [uploadId, attempts, PROCESS_UPLOAD],
        );
        await first.ctx.db.query(`UPDATE uploads SET process_status = 'RUNNING' WHERE upload_id = $1`, [
          uploadId,
        ]);
        await first.ctx.db.query(`UPDATE entries SET process_status = 'RUNNING' WHERE upload_id = $1`, [
          uploadId,
        ]);
      }
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const token = await tokenOf(second.api);
      const gaveUp = await processed(second, doomed, token, 30);
      expect(gaveUp.upload).toMatchObject({
        process_status: 'FAILURE',
        errors: [
          expect.stringMatching(
            /^Processing was given up after 3 attempts: the server stopped while processing/,
          ),
        ],
      });
      expect(gaveUp.entries).toEqual([
        expect.objectContaining({ process_status: 'FAILURE', errors: gaveUp.upload.errors }),
      ]);
      // The job with attempts left ran again.
      const again = await processed(second, retried, token, 30);
      expect(again.upload.process_status).toBe('SUCCESS');
      expect(again.entries.map((e) => e.process_status)).toEqual(['SUCCESS']);
      const { rows } = await second.ctx.db.query<{ upload_id: string; state: string; attempts: number }>(
        'SELECT upload_id, state, attempts FROM jobs WHERE kind = $1 ORDER BY job_id',
        [PROCESS_UPLOAD],
      );
      expect(rows).toEqual([
        { upload_id: doomed, state: 'FAILED', attempts: 3 },
        { upload_id: retried, state: 'DONE', attempts: 2 },
      ]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
