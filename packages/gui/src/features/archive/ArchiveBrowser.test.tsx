import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appsEnv, plainEntriesApp, renderApp } from '../../app/testing.tsx';
import { testUnitSystems } from '../entry/testUnitSystems.ts';

const apps = appsEnv({ entries: plainEntriesApp }, { unit_systems: testUnitSystems });
const eV = 1.602176634e-19;

const archive = {
  m_def: 'nomad.datamodel.EntryArchive',
  metadata: { entry_id: 'e1', mainfile: 'vasprun.xml' },
  run: [
    {
      program: { name: 'VASP' },
      x_vasp_incar: { ENCUT: 500 },
      calculation: Array.from({ length: 60 }, (_, i) => ({
        energy: { total: { value: -(i + 1) * eV } },
        ...(i === 0 ? { system_ref: '/run/0/system/0' } : {}),
      })),
      system: [
        {
          atoms: {
            labels: ['Si', 'Si', 'Si', 'Si', 'Si', 'Si', 'Si'],
            positions: Array.from({ length: 7 }, (_, i) => [i * 1.5e-10, 0, 0]),
          },
        },
      ],
    },
  ],
};

const envelope = (data: Record<string, unknown>) =>
  JSON.stringify({ entry_id: 'e1', data: { entry_id: 'e1', upload_id: 'u1', ...data } });

function answer(archiveBody: string | undefined) {
  return (url: string) => {
    const path = new URL(url).pathname;
    if (path.endsWith('/entries/e1')) return new Response(envelope({ mainfile: 'vasprun.xml' }));
    if (path.endsWith('/entries/e1/archive/query')) {
      return archiveBody === undefined
        ? new Response(JSON.stringify({ detail: 'The entry with the given id does not exist.' }), {
            status: 404,
          })
        : new Response(archiveBody, { headers: { 'content-type': 'application/json' } });
    }
    return new Response('{}');
  };
}

const lanes = () => screen.getAllByTestId('lane');
const item = (key: string) =>
  screen
    .getAllByTestId('lane-item')
    .find((element) => element.getAttribute('data-key') === key) as HTMLElement;

describe('the archive browser', () => {
  it('restores the lanes of a deep link, counting indexes from the end, with values in the unit system', async () => {
    renderApp(
      '/entry/id/e1/data/run:0/calculation:-1/energy/total/value',
      apps,
      answer(envelope({ archive })),
    );
    const value = await screen.findByTestId('quantity-value');
    expect(value.textContent).toBe('-60 eV');
    expect(lanes()).toHaveLength(6);
    expect(item('calculation:59').className).toContain('Mui-selected');
  });

  it('opens lanes item by item, lists 50 and the last 5 of long lists, and goes back by link', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/entry/id/e1/data', apps, answer(envelope({ archive })));
    await user.click(await screen.findByText('run 0'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/e1/data/run:0'));
    // The first 50 and the last 5 of 60 calculations; the rest one click away.
    expect(await screen.findByText('calculation 49')).toBeTruthy();
    expect(screen.queryByText('calculation 50')).toBeNull();
    expect(screen.getByText('calculation 55')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show 5 more of 5 hidden items' }));
    expect(screen.getByText('calculation 50')).toBeTruthy();
    // Code-specific data only with its toggle.
    expect(screen.queryByText('x_vasp_incar')).toBeNull();
    await user.click(screen.getByLabelText('Code specific'));
    expect(await screen.findByText('x_vasp_incar')).toBeTruthy();

    await user.click(item('calculation:0'));
    await user.click(await screen.findByText('system_ref'));
    await user.click(await screen.findByRole('link', { name: '/run/0/system/0' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/e1/data/run:0/system:0'));
    await user.click(await screen.findByText('atoms'));
    expect(await screen.findByText('[Si, Si, Si, Si, Si] and 2 more items')).toBeTruthy();
    // Back to the root lane by its link.
    await user.click(item('run:0'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/e1/data/run:0'));
  });

  it('searches the archive and opens a hit', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/entry/id/e1/data', apps, answer(envelope({ archive })));
    await user.type(await screen.findByLabelText('Search the archive'), 'program');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByText('run/0/program'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/e1/data/run:0/program'));
  });

  it('offers the download, the API call behind it, and the plots of annotated sections', async () => {
    const user = userEvent.setup();
    const plotted = {
      ...archive,
      data: {
        energies: [1, 2, 3],
        counts: [3, 1, 2],
        m_annotations: { plot: { label: 'Counts', x: 'energies', y: 'counts' } },
      },
    };
    renderApp('/entry/id/e1/data/data', apps, answer(envelope({ archive: plotted })));
    expect(await screen.findByTestId('section-plots')).toHaveTextContent('Counts');
    expect(screen.getByRole('link', { name: 'Download the archive' })).toHaveAttribute(
      'href',
      'http://oasis.test/nomad-oasis/api/v1/entries/e1/archive/download',
    );
    await user.click(screen.getByRole('button', { name: 'Show the API call' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('POST http://oasis.test/nomad-oasis/api/v1/entries/e1/archive/query');
    expect(dialog).toHaveTextContent('"required": "*"');
  });

  it('shows the HDF5 dataset a selected quantity refers to in h5web beside the lanes', async () => {
    // An entry of an .archive.json whose data section refers to datasets of an uploaded HDF5 file, in
    // NOMAD's full form and relative to the entry's upload.
    const scan = {
      m_def: 'nomad.datamodel.EntryArchive',
      metadata: { entry_id: 'e1', upload_id: 'u1', mainfile: 'scan.archive.json' },
      data: {
        m_def: '../upload/raw/scan.archive.yaml#/definitions/section_definitions/0',
        name: 'scan 7',
        image: '/uploads/u1/raw/measurements/scan.h5#/entry/data/image',
        spectra: [{ counts: 'scan.h5#entry/spectrum' }],
      },
    };
    const user = userEvent.setup();
    const { router } = renderApp('/entry/id/e1/data/data/name', apps, answer(envelope({ archive: scan })));
    // A quantity that is no reference: no side panel.
    expect(await screen.findByTestId('quantity-value')).toHaveTextContent('scan 7');
    expect(screen.queryByTestId('lane-browser-side')).toBeNull();
    await user.click(item('image'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entry/id/e1/data/data/image'));
    const side = await screen.findByTestId('lane-browser-side');
    expect(side).toHaveTextContent('measurements/scan.h5/entry/data/image');
    expect(within(side).getByTestId('h5-viewer')).toBeInTheDocument();
  });

  it('shows arrays in the matrix view, in the unit system', async () => {
    renderApp('/entry/id/e1/data/run:0/system:0/atoms/positions', apps, answer(envelope({ archive })));
    const matrix = await screen.findByTestId('matrix-view');
    expect(within(matrix).getByText('9')).toBeInTheDocument();
    expect(screen.getByText('7 × 3')).toBeInTheDocument();
    expect(screen.getByTestId('quantity-lane')).toHaveTextContent('[Å]');
  });

  it('names an item of a deep link that does not exist', async () => {
    renderApp('/entry/id/e1/data/run:0/calculation:99', apps, answer(envelope({ archive })));
    expect(await screen.findByText('The item "calculation:99" could not be found.')).toBeTruthy();
  });

  it('shows invalid JSON as plain text, and says when there is no archive', async () => {
    renderApp('/entry/id/e1/data', apps, answer('{"data": {"archive": '));
    expect(
      await screen.findByText('Processed data is not valid JSON. Displaying plain text instead.'),
    ).toBeTruthy();
    expect(screen.getByText('{"data": {"archive":')).toBeTruthy();
  });

  it('says when there is no archive', async () => {
    renderApp('/entry/id/e1/data', apps, answer(undefined));
    expect(await screen.findByText('No archive exists for this entry...')).toBeTruthy();
  });
});
