import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';

const NORTH = { northEnabled: true, northBase: 'http://oasis.test/nomad-oasis/north' };
const TOOLS = [
  {
    name: 'jupyter',
    title: 'Jupyter Notebook',
    short_description: 'Notebooks on your uploads.',
    description: 'Runs JupyterLab.',
    maintainer: [{ name: 'Ada', email: 'ada@example.org' }],
    file_extensions: ['ipynb'],
    with_path: true,
    path_prefix: 'lab/tree',
  },
  { name: 'viewer', title: 'Viewer', short_description: 'Looks at images.' },
];

/** A hub whose jupyter is in `state` (GET) and runs after a launch; stops succeed. */
function hub(state: string) {
  return (url: string, method: string) => {
    const { pathname } = new URL(url);
    if (/\/north\/?$/.test(pathname)) return answerOf('northTools', { data: TOOLS });
    const name = pathname.split('/').at(-1) ?? '';
    const tool = { name, state: method === 'POST' ? 'running' : method === 'DELETE' ? 'stopped' : state };
    if (pathname.includes('/north/')) {
      const operation =
        method === 'POST' ? 'northToolStart' : method === 'DELETE' ? 'northToolStop' : 'northTool';
      return answerOf(operation, { tool: name, username: 'jane', data: tool as never });
    }
    return minimalResponse(method, url);
  };
}

afterEach(() => vi.restoreAllMocks());

describe('NorthPage', () => {
  it('shows one card per tool, jupyter expanded, and asks anonymous visitors to log in', async () => {
    renderApp('/analyze/north', NORTH, hub('stopped'));
    const jupyter = await screen.findByTestId('north-tool-jupyter', {}, { timeout: 10_000 });
    expect(within(jupyter).getByText('Jupyter Notebook')).toBeInTheDocument();
    expect(within(jupyter).getByText('Notebooks on your uploads.')).toBeInTheDocument();
    expect(within(jupyter).getByText('Runs JupyterLab.')).toBeVisible();
    expect(within(jupyter).getByRole('link', { name: 'Ada' })).toHaveAttribute(
      'href',
      'mailto:ada@example.org',
    );
    expect(within(jupyter).getByText('ipynb')).toBeInTheDocument();
    expect(screen.getByText('You must be logged in to use this tool.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Launch' })).not.toBeInTheDocument();
    // Only jupyter starts expanded.
    expect(within(jupyter).getByRole('button', { expanded: true })).toHaveTextContent('Jupyter Notebook');
    expect(
      within(screen.getByTestId('north-tool-viewer')).getByRole('button', { expanded: false }),
    ).toHaveTextContent('Viewer');
    // Spec 3 §8's text for a tool configured without a description.
    expect(
      within(screen.getByTestId('north-tool-viewer')).getByText('Missing tool description'),
    ).toBeInTheDocument();
  });

  it('launches a stopped tool, opens it in a new window, shows it running and stops it', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderApp('/analyze/north', NORTH, hub('stopped'), { loggedInAs: 'jane-id' });
    const jupyter = await screen.findByTestId('north-tool-jupyter', {}, { timeout: 10_000 });
    const launch = await within(jupyter).findByRole('button', { name: 'Launch' });
    await waitFor(() => expect(launch).toBeEnabled());
    await user.click(launch);
    expect(await within(jupyter).findByRole('button', { name: 'Open' })).toBeEnabled();
    expect(open).toHaveBeenCalledWith('', 'north-jupyter');
    expect(tab.location.href).toBe('http://oasis.test/nomad-oasis/north/user/jane/jupyter/');
    expect(within(jupyter).getByText('running')).toBeInTheDocument();

    await user.click(within(jupyter).getByRole('button', { name: 'Stop' }));
    expect(await within(jupyter).findByRole('button', { name: 'Launch' })).toBeEnabled();
    expect(within(jupyter).queryByText('running')).not.toBeInTheDocument();
  });

  it('shows a running tool with Open and Stop as the page loads', async () => {
    renderApp('/analyze/north', NORTH, hub('running'), { loggedInAs: 'jane-id' });
    const jupyter = await screen.findByTestId('north-tool-jupyter', {}, { timeout: 10_000 });
    expect(await within(jupyter).findByRole('button', { name: 'Open' })).toBeEnabled();
    expect(within(jupyter).getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(within(jupyter).getByText('running')).toBeInTheDocument();
  });
});
