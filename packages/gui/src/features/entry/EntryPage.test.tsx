import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { appsEnv, plainEntriesApp, renderApp } from '../../app/testing.tsx';
import { DENSITIES_REQUIRED } from './structures.ts';
import { testUnitSystems } from './testUnitSystems.ts';

const apps = appsEnv({ entries: plainEntriesApp }, { unit_systems: testUnitSystems });

const dosRefs = {
  energies: '/run/0/calculation/0/dos_electronic/0/energies',
  total: ['/run/0/calculation/0/dos_electronic/0/total/0'],
};

/** The API's entry envelope: entry id at the top level and in data, with the upload id. */
const entryResponse = (entryId: string, uploadId: string, data: Record<string, unknown>) =>
  new Response(
    JSON.stringify({ entry_id: entryId, data: { entry_id: entryId, upload_id: uploadId, ...data } }),
  );

const answer = (url: string) => {
  const path = new URL(url).pathname;
  // The 'referenced by' card: no entry references these.
  if (path.endsWith('/entries/query')) return minimalResponse('POST', url);
  if (path.endsWith('/entries/nacl_cif')) {
    return entryResponse('nacl_cif', 'cif_upload', {
      results: {
        material: { elements: ['Cl', 'Na'] },
        properties: { structures: { structure_conventional: { n_sites: 8 } } },
      },
    });
  }
  if (path.endsWith('/entries/nacl_cif/archive/query')) {
    return entryResponse('nacl_cif', 'cif_upload', {
      // NaCl: 2165 kg/m³, 8 atoms in (5.64 Å)³ = 0.0446 atoms/Å³.
      archive: {
        results: {
          properties: {
            structures: { structure_conventional: { mass_density: 2165, atomic_density: 4.46e28 } },
          },
        },
      },
    });
  }
  if (path.endsWith('/entries/dft_dos')) {
    return entryResponse('dft_dos', 'dft_upload', {
      results: {
        material: { elements: ['Si'] },
        properties: {
          available_properties: ['dos_electronic'],
          electronic: { dos_electronic: [dosRefs] },
          // As in NOMAD's index: no densities.
          structures: { structure_original: { n_sites: 2 } },
        },
      },
    });
  }
  if (path.endsWith('/entries/dft_dos/archive/query')) {
    return entryResponse('dft_dos', 'dft_upload', {
      archive: {
        run: [
          {
            calculation: [
              { dos_electronic: [{ energies: [0, 1e-19], total: [{ spin: 0, value: [0, 1e18] }] }] },
            ],
          },
        ],
        results: {
          properties: {
            electronic: { dos_electronic: [dosRefs] },
            structures: { structure_original: { n_sites: 2, mass_density: 2329 } },
          },
        },
      },
    });
  }
  if (path.endsWith('/entries/dft_bulk')) {
    return entryResponse('dft_bulk', 'dft_upload', {
      mainfile: 'dir/vasp.xml',
      processing_errors: ['parser failed'],
      results: { material: { n_elements: 2, elements: ['Ga', 'As'] } },
    });
  }
  if (path.endsWith('/entries/dft_bulk/archive/query')) {
    return entryResponse('dft_bulk', 'dft_upload', {
      archive: { processing_logs: [{ level: 'INFO', event: 'parser executed', parser: 'parsers/vasp' }] },
    });
  }
  if (path.endsWith('/uploads/dft_upload/rawdir/dir')) {
    return Response.json({
      path: 'dir',
      access: 'unpublished',
      directory_metadata: {
        name: 'dir',
        size: 3245,
        content: [
          { name: 'INCAR', size: 8, is_file: true },
          { name: 'vasp.xml', size: 3237, is_file: true, entry_id: 'dft_bulk', parser_name: 'parsers/vasp' },
        ],
      },
      pagination: { page_size: 40, page: 1, total: 2, order: 'asc' },
    });
  }
  if (path.endsWith('/uploads/dft_upload/rawdir/dir/vasp.xml')) {
    return Response.json({
      path: 'dir/vasp.xml',
      access: 'unpublished',
      file_metadata: {
        name: 'vasp.xml',
        size: 3237,
        is_file: true,
        entry_id: 'dft_bulk',
        parser_name: 'parsers/vasp',
      },
    });
  }
  return new Response(
    JSON.stringify({ detail: 'The entry with the given id does not exist or is not visible to you.' }),
    {
      status: 404,
    },
  );
};

describe('EntryPage', () => {
  it("says 'This entry does not exist.' on 404", async () => {
    renderApp('/search/entries/entry/id/missing', apps, answer);
    expect(await screen.findByText('This entry does not exist.')).toBeInTheDocument();
  });

  it('shows the overview and switches to files and logs', async () => {
    const { router, fetch } = renderApp('/search/entries/entry/id/dft_bulk', apps, answer);
    expect(await screen.findByText('2 (binary)')).toBeInTheDocument();
    // Nothing to plot: the overview does not fetch the archive.
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/archive/query'))).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: 'files' }));
    expect(router.state.location.pathname).toBe('/search/entries/entry/id/dft_bulk/files/_mainfile');
    // The browser of the mainfile's folder, the mainfile highlighted and opened.
    expect(await screen.findByText('Entry files')).toBeInTheDocument();
    const mainfile = await screen.findByRole('link', { name: /vasp\.xml/ });
    expect(mainfile).toHaveAttribute('href', '/search/entries/entry/id/dft_bulk/files/_mainfile');
    expect(mainfile).toHaveClass('Mui-selected');
    expect(within(mainfile).getByText('vasp')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'processed data' })).toHaveAttribute(
      'href',
      '/search/entries/entry/id/dft_bulk/data',
    );
    expect(screen.getByRole('link', { name: 'Download file' })).toHaveAttribute(
      'href',
      'http://oasis.test/nomad-oasis/api/v1/uploads/dft_upload/raw/dir/vasp.xml?ignore_mime_type=true',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'logs' }));
    expect(await screen.findByText('parser executed')).toBeInTheDocument();
    // Processing errors of the metadata are appended as ERROR items.
    expect(screen.getByText('parser failed')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 matching entries')).toBeInTheDocument();
  });

  it('fetches the archive for an entry with a DOS and plots it', async () => {
    const { fetch } = renderApp('/search/entries/entry/id/dft_dos', apps, answer);
    expect(await screen.findByRole('img', { name: 'density of states' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Electronic properties' })).toBeInTheDocument();
    const archiveCall = fetch.mock.calls.find(([input]) =>
      String(input).includes('/entries/dft_dos/archive/query'),
    );
    expect(JSON.parse(String(archiveCall?.[1]?.body))).toEqual({ required: '*' });
    // The lattice table takes the densities from the archive.
    expect(screen.getByText('2.329 g/cm³')).toBeInTheDocument();
  });

  it('fetches only the densities for an entry with structures and nothing to plot', async () => {
    const { fetch } = renderApp('/search/entries/entry/id/nacl_cif', apps, answer);
    expect(await screen.findByText('2.165 g/cm³')).toBeInTheDocument();
    expect(screen.getByText('0.045 1/Å³')).toBeInTheDocument();
    const archiveCall = fetch.mock.calls.find(([input]) => String(input).includes('/archive/query'));
    expect(JSON.parse(String(archiveCall?.[1]?.body))).toEqual({ required: DENSITIES_REQUIRED });
  });

  it('redirects the explicit overview path to the base path', async () => {
    const { router } = renderApp('/search/entries/entry/id/dft_bulk/overview', apps, answer);
    await screen.findByText('2 (binary)');
    expect(router.state.location.pathname).toBe('/search/entries/entry/id/dft_bulk');
  });
});
