import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, contractCheckedFetch, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderWithProviders } from '../../app/testing.tsx';
import { ALREADY_RUNNING, NO_FILE_PATH, NOT_LOGGED_IN, notMounted } from './launchMessages.ts';
import { NorthRowAction } from './NorthRowAction.tsx';

const ENV = { rawEnv: { northEnabled: true, northBase: 'http://oasis.test/nomad-oasis/north' } };
const ROW = { entry_id: 'e1', upload_id: 'up1', mainfile: 'sub/run.ipynb' };
const TOOL = {
  name: 'jupyter',
  title: 'Jupyter',
  with_path: true,
  path_prefix: 'lab/tree',
  file_extensions: ['ipynb'],
};

/** A server whose jupyter is in `state` and sees upload up1 when `mounted`. */
function stubServer(state: string, mounted = true) {
  return vi.fn<typeof fetch>(
    contractCheckedFetch((input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const { pathname } = new URL(url);
      if (/\/north\/?$/.test(pathname)) return Promise.resolve(answerOf('northTools', { data: [TOOL] }));
      if (pathname.endsWith('/north/jupyter')) {
        const running = method === 'POST' || (method === 'GET' && state === 'running');
        const operation =
          method === 'POST' ? 'northToolStart' : method === 'DELETE' ? 'northToolStop' : 'northTool';
        return Promise.resolve(
          answerOf(operation, {
            tool: 'jupyter',
            username: 'jane',
            ...(running ? { upload_mount_dir: 'uploads/up1', upload_id_is_mounted: mounted } : {}),
            data: { name: 'jupyter', state: running ? 'running' : 'stopped' },
          }),
        );
      }
      return Promise.resolve(minimalResponse(method, url));
    }),
  );
}

const methods = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls
    .filter(
      ([input]) => String(input).endsWith('/north/jupyter') || String(input).includes('/north/jupyter?'),
    )
    .map(([, init]) => init?.method ?? 'GET');

afterEach(() => vi.restoreAllMocks());

/** The action's button once the tools are known (before, it is a disabled placeholder). */
const actionButton = async () => {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Open in Jupyter' })).toBeEnabled());
  return screen.getByRole('button', { name: 'Open in Jupyter' });
};

const renderAction = (
  fetch: typeof globalThis.fetch,
  row: Record<string, unknown> = ROW,
  loggedInAs?: string,
) =>
  renderWithProviders(
    <NorthRowAction row={row} toolName="jupyter" filepath="mainfile" label="Open in Jupyter" />,
    fetch,
    { ...ENV, loggedInAs },
  );

describe('NorthRowAction', () => {
  it('tells anonymous visitors to log in', async () => {
    const user = userEvent.setup();
    renderAction(stubServer('stopped'));
    await user.click(await actionButton());
    expect(await screen.findByText(NOT_LOGGED_IN)).toBeInTheDocument();
  });

  it('says when the row has no file path', async () => {
    const user = userEvent.setup();
    renderAction(stubServer('stopped'), { entry_id: 'e1', upload_id: 'up1' }, 'jane-id');
    await user.click(await actionButton());
    expect(await screen.findByText(NO_FILE_PATH)).toBeInTheDocument();
  });

  it('launches a stopped tool and opens it at the file', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetch = stubServer('stopped');
    renderAction(fetch, ROW, 'jane-id');
    await user.click(await actionButton());
    await waitFor(() =>
      expect(tab.location.href).toBe(
        'http://oasis.test/nomad-oasis/north/user/jane/jupyter/lab/tree/uploads/up1/sub/run.ipynb',
      ),
    );
    expect(methods(fetch)).toEqual(['GET', 'POST']);
  });

  it('offers Stop, Open or Cancel for a running tool, and only Stop when the upload is not mounted', async () => {
    const user = userEvent.setup();
    const fetch = stubServer('running');
    renderAction(fetch, ROW, 'jane-id');
    await user.click(await actionButton());
    expect(await screen.findByText(ALREADY_RUNNING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(methods(fetch)).toEqual(['GET', 'DELETE']));
  });

  it('asks to stop a running tool that does not see the upload', async () => {
    const user = userEvent.setup();
    renderAction(stubServer('running', false), ROW, 'jane-id');
    await user.click(await actionButton());
    expect(await screen.findByText(notMounted('up1'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });
});
