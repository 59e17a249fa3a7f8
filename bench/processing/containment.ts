// `npm run bench:containment`: the memory of a real server process (`main.ts`, as `npm start` runs it)
// and its parser processes while a 400 MB archive JSON kills its parser and while a 400 MB multi-frame
// XYZ is streamed. Prints the peak resident memory of each; the inputs are generated into a temp folder.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiClient } from '@oasis/client';
import { formatBytes } from '../../packages/server/src/files/sizes.ts';
import { trajectory, zerosArchive } from '../../packages/server/src/testing/big-inputs.ts';
import { sampleRss } from '../../packages/server/src/testing/rss-sampler.ts';
import { writeZipFile } from '../../packages/server/src/testing/zip-stream.ts';

const server = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));
const cli = fileURLToPath(new URL('../../packages/server/src/cli/main.ts', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const dir = await mkdtemp(join(tmpdir(), 'oasis-bench-containment-'));
try {
  // The zips inflate 1000:1 and the archive JSON is over its parser's size limit: both limits are
  // raised so that the parsers meet the files (the default limits refuse them before).
  const config = join(dir, 'nomad.yaml');
  writeFileSync(config, 'uploads:\n  archive_max_ratio: 1000000\nprocess:\n  max_mainfile_size: 1024\n');
  const env = { ...process.env, OASIS_DATA_DIR: join(dir, 'data'), OASIS_CONFIG: config, OASIS_LOG: 'false' };
  const user = ['--username', 'bench', '--password', 'bench password', '--email', 'bench@example.org'];
  const names = ['--first-name', 'Bench', '--last-name', 'Mark'];
  spawnSync(process.execPath, ['--import', 'tsx', cli, 'users', 'add', ...user, ...names], { env });
  const inputs = {
    'big.archive.json': join(dir, 'archive.zip'),
    'traj.xyz': join(dir, 'xyz.zip'),
  };
  await writeZipFile(inputs['big.archive.json'], [['big.archive.json', () => zerosArchive()]]);
  await writeZipFile(inputs['traj.xyz'], [['traj.xyz', () => trajectory()]]);

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const apiBase = `http://127.0.0.1:${port}/nomad-oasis/api/v1`;
  try {
    const anonymous = new ApiClient({ apiBase });
    const answers = () =>
      anonymous.call('info').then(
        () => true,
        () => false,
      );
    for (let i = 0; i < 600 && !(await answers()); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const { access_token: token } = await anonymous.call('authToken', {
      query: { username: 'bench', password: 'bench password' },
    });
    const api = new ApiClient({ apiBase, accessToken: () => Promise.resolve(token) });
    const idle = sampleRss(child.pid, 100);
    await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(`idle server: ${formatBytes((await idle.stop()).main)}`);
    for (const [name, zip] of Object.entries(inputs)) {
      const rss = sampleRss(child.pid, 100);
      const started = Date.now();
      const { upload_id: uploadId } = await api.upload('uploadCreate', new Blob([await readFile(zip)]), {
        query: { file_name: `${name}.zip` },
      });
      const params = { upload_id: uploadId };
      for (;;) {
        const upload = await api.call('uploadById', { params });
        if (!upload.data.process_running) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const entry = (await api.call('uploadEntries', { params })).data[0];
      const peaks = await rss.stop();
      console.log(
        `${name} (400 MB in a zip): ${entry?.process_status} ${entry?.errors.join('; ') ?? ''} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          `peak RSS server ${formatBytes(peaks.main)}, parser processes ${formatBytes(peaks.children)}, together ${formatBytes(peaks.total)}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
