import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { gui, naclCif, register, uploadNaclCif } from '../support/fixtures.ts';

// A real Jupyter Notebook as a NORTH tool, configured as the README says: launched from the hub, its tree
// shows the user's upload, and a Python kernel reached through the oasis's WebSocket proxy reads the
// uploaded file and writes a new one into the (unpublished, writable) upload. Needs Debian's
// jupyter-notebook and python3-ipykernel; a machine without them skips it (CI installs neither).
/** Whether `jupyter notebook` runs here and its Python (the script's #! line) has a kernel to start. */
const jupyterRuns = (): boolean => {
  const found = spawnSync('which', ['jupyter'], { encoding: 'utf8' }).stdout.trim();
  if (!found || spawnSync(found, ['notebook', '--version']).status !== 0) return false;
  const python = /^#!\s*(\S+)/.exec(readFileSync(found, 'utf8').split('\n', 1)[0] ?? '')?.[1];
  return python !== undefined && spawnSync(python, ['-c', 'import ipykernel']).status === 0;
};
const hasJupyter = jupyterRuns();

const jupyterConfig = {
  north: {
    enabled: true,
    tools: {
      options: {
        jupyter: {
          title: 'Jupyter Notebook',
          short_description: 'Notebooks next to your uploads',
          file_extensions: ['ipynb'],
          with_path: true,
          path_prefix: 'notebooks',
          command: [
            'jupyter notebook --port {port} --ip 127.0.0.1 --no-browser --notebook-dir {upload_dir}',
            "--NotebookApp.base_url={base_url} --NotebookApp.token={token} --NotebookApp.password='' --allow-root",
          ].join(' '),
        },
      },
    },
  },
};

let oasis: OwnServer;

test.beforeAll(async () => {
  if (hasJupyter) oasis = await startOwnServer(jupyterConfig);
});
test.afterAll(async () => oasis?.close());

/** Runs `code` in a new kernel of the notebook server at `base` (from the tool's page) and answers stdout. */
const runInKernel = ({ base, code }: { base: string; code: string }) =>
  new Promise<string>((resolve, reject) => {
    const xsrf = /(?:^|; )_xsrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    void fetch(`${base}api/kernels`, {
      method: 'POST',
      headers: { 'X-XSRFToken': decodeURIComponent(xsrf), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'python3' }),
    })
      .then((response) => response.json() as Promise<{ id: string }>)
      .then(({ id }) => {
        const url = new URL(`${base}api/kernels/${id}/channels`, location.href);
        url.protocol = url.protocol.replace('http', 'ws');
        const socket = new WebSocket(url);
        const msgId = crypto.randomUUID();
        let output = '';
        socket.onerror = () => reject(new Error('kernel WebSocket failed'));
        socket.onopen = () =>
          socket.send(
            JSON.stringify({
              header: {
                msg_id: msgId,
                msg_type: 'execute_request',
                username: '',
                session: msgId,
                version: '5.3',
              },
              parent_header: {},
              metadata: {},
              content: {
                code,
                silent: false,
                store_history: false,
                user_expressions: {},
                allow_stdin: false,
              },
              channel: 'shell',
            }),
          );
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as {
            parent_header: { msg_id?: string };
            msg_type: string;
            content: { text?: string; execution_state?: string; ename?: string; evalue?: string };
          };
          if (message.parent_header.msg_id !== msgId) return;
          if (message.msg_type === 'stream') output += message.content.text ?? '';
          if (message.msg_type === 'error')
            reject(new Error(`${message.content.ename}: ${message.content.evalue}`));
          if (message.msg_type === 'status' && message.content.execution_state === 'idle') {
            socket.close();
            resolve(output);
          }
        };
      }, reject);
  });

test('a real Jupyter Notebook runs a kernel through the oasis on the user’s upload', async ({ page }) => {
  test.skip(!hasJupyter, 'jupyter-notebook and python3-ipykernel are not installed on this machine');
  test.setTimeout(120_000);
  const at = (pathname: string) => `${oasis.origin}${gui(pathname)}`;
  await page.goto(at('/about/information'));
  await register(page, { username: 'jovyan', firstName: 'Jo', lastName: 'Vyan', password: 'real-jupyter-1' });
  const uploadId = await uploadNaclCif(page, oasis.origin);

  await page.goto(at('/analyze/north'));
  const card = page.getByTestId('north-tool-jupyter');
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Launch' }).click();
  const tool = await popup;
  const base = '/nomad-oasis/north/user/jovyan/jupyter/';
  await expect(tool).toHaveURL(new RegExp(`${base}tree`));

  // The notebook's own tree page, served through the proxy, lists the upload.
  await tool.goto(`${oasis.origin}${base}tree/uploads`);
  await expect(tool.getByRole('link', { name: uploadId })).toBeVisible({ timeout: 30_000 });

  const printed = await tool.evaluate(runInKernel, {
    base,
    code: [
      'import os',
      `folder = os.path.join('uploads', '${uploadId}')`,
      "print(len(open(os.path.join(folder, 'NaCl.cif'), 'rb').read()))",
      "open(os.path.join(folder, 'from-jupyter.txt'), 'w').write('written by a kernel')",
      'print(sorted(os.listdir(folder)))',
    ].join('\n'),
  });
  expect(printed.split('\n')[0]).toBe(String(Buffer.byteLength(naclCif)));
  expect(printed).toContain("'from-jupyter.txt'");

  // The file the kernel wrote is a raw file of the upload, seen by the oasis.
  await page.goto(at(`/user/uploads/upload/id/${uploadId}/files/from-jupyter.txt/preview`));
  await expect(page.getByTestId('text-preview')).toContainText('written by a kernel');

  await tool.close();
  await page.goto(at('/analyze/north'));
  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(card.getByRole('button', { name: 'Launch' })).toBeEnabled({ timeout: 30_000 });
});
