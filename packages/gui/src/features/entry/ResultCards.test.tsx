import type { EntryResults } from '@oasis/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnits } from '../units/index.ts';
import { ResultCards } from './EntryOverview.tsx';
import { ENERGY_REFERENCE_NOTE } from './EnergyReference.tsx';
import { NO_REFERENCE_WARNING } from './plotParts.ts';
import { renderWithUnits } from './testUnits.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';

const eV = 1.602176634e-19;

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest<HTMLElement>('.MuiCard-root')!;
const valueOf = (element: HTMLElement, label: string) =>
  within(element).getByText(label, { selector: '.MuiTypography-caption' }).nextElementSibling?.textContent;

// Silicon as NOMAD describes it (see the VASP archive example): a = 5.431 Å diamond structure.
const silicon: EntryResults = {
  material: {
    material_id: 'fh3UBjhUVm4nxzeRd2JJuqw5oXYa',
    chemical_formula_hill: 'Si2',
    elements: ['Si'],
    n_elements: 1,
    structural_type: 'bulk',
    symmetry: {
      crystal_system: 'cubic',
      bravais_lattice: 'cF',
      space_group_number: 227,
      space_group_symbol: 'Fd-3m',
      point_group: 'm-3m',
      hall_symbol: 'F 4d 2 3 -1d',
      structure_name: 'diamond',
    },
  },
  method: {
    method_name: 'DFT',
    workflow_name: 'GeometryOptimization',
    simulation: {
      program_name: 'VASP',
      program_version: '5.4.4',
      dft: {
        xc_functional_type: 'GGA',
        xc_functional_names: ['GGA_C_PBE', 'GGA_X_PBE'],
        basis_set_type: 'plane waves',
        core_electron_treatment: 'pseudopotential',
        spin_polarized: false,
      },
      precision: { planewave_cutoff: 390 * eV },
    },
  },
  properties: {
    available_properties: ['dos_electronic', 'band_structure_electronic', 'geometry_optimization'],
    structures: {
      structure_original: {
        n_sites: 2,
        // The primitive fcc cell of a = 5.431 Å: edges a/√2 = 3.8403 Å at 60°, volume a³/4 = 40.05 Å³.
        cell_volume: 4.0047e-29,
        mass_density: 2329.0,
        atomic_density: 4.994e28,
        lattice_parameters: {
          a: 3.8403e-10,
          b: 3.8403e-10,
          c: 3.8403e-10,
          alpha: Math.PI / 3,
          beta: Math.PI / 3,
          gamma: Math.PI / 3,
        },
      },
      structure_conventional: {
        n_sites: 8,
        cell_volume: 1.6019e-28,
        lattice_parameters: { a: 5.431e-10, b: 5.431e-10, c: 5.431e-10, alpha: Math.PI / 2 },
      },
    },
    electronic: {
      band_structure_electronic: [
        {
          segment: ['/run/0/calculation/0/band_structure_electronic/0/segment/0'],
          band_gap: [{ value: 0.6 * eV, type: 'indirect', energy_highest_occupied: 5 * eV }],
        },
      ],
      dos_electronic: [
        {
          energies: '/run/0/calculation/0/dos_electronic/0/energies',
          total: ['/run/0/calculation/0/dos_electronic/0/total/0'],
        },
      ],
    },
    geometry_optimization: {
      energies: '/workflow2/results/energies',
      final_energy_difference: 2e-3 * eV,
      final_force_maximum: 1.602176634e-11, // 0.01 eV/Å
      final_displacement_maximum: 2e-13, // 0.002 Å
    },
  },
};

const archive = {
  run: [
    {
      calculation: [
        {
          band_structure_electronic: [
            {
              segment: [
                {
                  kpoints: [
                    [0, 0, 0],
                    [0.5, 0, 0.5],
                  ],
                  endpoints_labels: ['Γ', 'X'],
                  energies: [[[4 * eV], [5 * eV]]],
                },
              ],
            },
          ],
          dos_electronic: [{ energies: [0, eV], total: [{ spin: 0, value: [1e18, 2e18] }] }],
        },
      ],
    },
  ],
  workflow2: { results: { energies: [-10 * eV, -10.1 * eV] } },
};

const ready: ArchiveState = { status: 'ready', archive };

/** Switches the unit system as the units menu does. */
function UseSi() {
  const { actions } = useUnits();
  return (
    <button type="button" onClick={() => actions?.selectSystem('SI')}>
      use SI
    </button>
  );
}

describe('ResultCards', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows composition, symmetry and the lattice of the selected cell in Å, degrees and g/cm³', async () => {
    renderWithUnits(<ResultCards results={silicon} archive={{ status: 'loading' }} />);
    const material = card('Material');
    expect(valueOf(material, 'formula')).toBe('Si2');
    expect(valueOf(material, 'material id')).toBe('fh3UBjhUVm4nxzeRd2JJuqw5oXYa');
    expect(valueOf(material, 'space group symbol')).toBe('Fd-3m');
    expect(valueOf(material, 'space group number')).toBe('227');
    expect(valueOf(material, 'hall symbol')).toBe('F 4d 2 3 -1d');
    expect(valueOf(material, 'structure name')).toBe('diamond');

    const lattice = within(material).getByRole('table', { name: 'lattice parameters' });
    const row = (label: string) =>
      within(lattice).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(row('a')).toBe('3.84 Å');
    expect(row('α')).toBe('60°');
    expect(row('volume')).toBe('40.047 Å³');
    expect(row('mass density')).toBe('2.329 g/cm³');
    expect(row('atomic density')).toBe('0.05 1/Å³');
    expect(row('number of sites')).toBe('2');
    // Only the cells the results hold are offered.
    expect(within(material).queryByRole('button', { name: 'primitive' })).not.toBeInTheDocument();

    await userEvent.click(within(material).getByRole('button', { name: 'conventional' }));
    expect(row('a')).toBe('5.431 Å');
    expect(row('α')).toBe('90°');
    expect(row('β')).toBe('unavailable');
    expect(row('mass density')).toBe('unavailable');
    expect(row('number of sites')).toBe('8');
  });

  it('shows the method with the cutoff in eV', () => {
    renderWithUnits(<ResultCards results={silicon} archive={{ status: 'loading' }} />);
    const method = card('Method');
    expect(valueOf(method, 'program name')).toBe('VASP');
    expect(valueOf(method, 'program version')).toBe('5.4.4');
    expect(valueOf(method, 'xc functional names')).toBe('GGA_C_PBE, GGA_X_PBE');
    expect(valueOf(method, 'plane-wave cutoff')).toBe('390 eV');
    expect(valueOf(method, 'k-line density')).toBe('unavailable');
    expect(valueOf(method, 'spin polarized')).toBe('no');
    expect(valueOf(method, 'workflow name')).toBe('GeometryOptimization');
  });

  it('shows the band gap and the geometry optimisation results while the archive loads', () => {
    renderWithUnits(<ResultCards results={silicon} archive={{ status: 'loading' }} />);
    const electronic = card('Electronic properties');
    expect(valueOf(electronic, 'band gap')).toBe('0.6 eV (indirect)');
    // Band structure, DOS and Brillouin zone.
    expect(within(electronic).getAllByText('loading ...')).toHaveLength(3);
    const optimization = card('Geometry optimization');
    // Below 0.01 numbers switch to exponent notation (spec 1 §9).
    expect(valueOf(optimization, 'final energy difference')).toBe('2e-3 eV');
    expect(valueOf(optimization, 'final force maximum')).toBe('0.01 eV/Å');
    expect(valueOf(optimization, 'final displacement maximum')).toBe('2e-3 Å');
  });

  it('plots the band structure, DOS and energies from the archive', async () => {
    renderWithUnits(<ResultCards results={silicon} archive={ready} />);
    expect(screen.getByRole('img', { name: 'band structure' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'geometry optimization energies' })).toBeInTheDocument();
    // The DOS has no highest occupied energy, the band structure has one.
    const dos = screen.getByRole('img', { name: 'density of states' });
    expect(screen.getAllByRole('img', { name: NO_REFERENCE_WARNING })).toHaveLength(1);
    expect(screen.getByText(ENERGY_REFERENCE_NOTE)).toBeInTheDocument();
    // Plotly itself loads lazily and draws into the figure (it works in jsdom).
    await waitFor(() => expect(dos.querySelector('svg.main-svg')).not.toBeNull());
  });

  it('says which plot could not be loaded when a reference is broken', () => {
    const broken = structuredClone(archive);
    broken.run[0]!.calculation[0]!.dos_electronic = [];
    renderWithUnits(<ResultCards results={silicon} archive={{ status: 'ready', archive: broken }} />);
    const electronic = card('Electronic properties');
    expect(within(electronic).getByText('Could not load density of states.')).toBeInTheDocument();
    expect(within(electronic).getByText(/no item 0/)).toBeInTheDocument();
    expect(within(electronic).queryByText('Could not load band structure.')).not.toBeInTheDocument();
  });

  it('shows band gaps alone without a band structure or Brillouin zone to load (a seeded entry)', () => {
    const gapsOnly: EntryResults = {
      properties: {
        available_properties: ['electronic.band_structure_electronic.band_gap'],
        electronic: { band_structure_electronic: [{ band_gap: [{ index: 0, value: 1.602176634e-19 }] }] },
      },
    };
    renderWithUnits(<ResultCards results={gapsOnly} archive={{ status: 'none' }} />);
    const electronic = card('Electronic properties');
    expect(valueOf(electronic, 'band gap')).toBe('1 eV');
    expect(within(electronic).queryByText('Band structure')).not.toBeInTheDocument();
    expect(within(electronic).queryByText('Brillouin zone')).not.toBeInTheDocument();
  });

  it('shows the archive error in each plot', () => {
    renderWithUnits(
      <ResultCards results={silicon} archive={{ status: 'error', message: 'Server unavailable' }} />,
    );
    expect(screen.getByText('Could not load band structure.')).toBeInTheDocument();
    expect(screen.getByText('Could not load geometry optimization data.')).toBeInTheDocument();
    expect(screen.getByText('Could not load Brillouin zone.')).toBeInTheDocument();
    expect(screen.getAllByText('Server unavailable')).toHaveLength(4);
  });

  it('shows the values and plot axes in the unit system the units menu selects', async () => {
    renderWithUnits(
      <>
        <UseSi />
        <ResultCards results={silicon} archive={ready} />
      </>,
    );
    const electronic = card('Electronic properties');
    const lattice = within(card('Material')).getByRole('table', { name: 'lattice parameters' });
    const row = (label: string) =>
      within(lattice).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    const dos = screen.getByRole('img', { name: 'density of states' });
    const axisTitles = () =>
      [...dos.querySelectorAll('.g-xtitle, .g-ytitle')].map((title) => title.textContent).sort();
    expect(valueOf(electronic, 'band gap')).toBe('0.6 eV (indirect)');
    expect(row('a')).toBe('3.84 Å');
    await waitFor(() => expect(axisTitles()).toEqual(['DOS (states/eV)', 'Energy (eV)']));

    await userEvent.click(screen.getByRole('button', { name: 'use SI' }));
    // 0.6 eV = 9.613e-20 J; 3.8403 Å = 3.84e-10 m; 60° = π/3 rad.
    expect(valueOf(electronic, 'band gap')).toBe('9.613e-20 J (indirect)');
    expect(row('a')).toBe('3.84e-10 m');
    expect(row('α')).toBe('1.047 rad');
    expect(row('volume')).toBe('4.005e-29 m³');
    expect(row('mass density')).toBe('2.329e+3 kg/m³');
    expect(row('atomic density')).toBe('4.994e+28 1/m³');
    expect(valueOf(card('Method'), 'plane-wave cutoff')).toBe('6.248e-17 J');
    const optimization = card('Geometry optimization');
    expect(valueOf(optimization, 'final force maximum')).toBe('1.602e-11 J/m');
    expect(valueOf(optimization, 'final displacement maximum')).toBe('2e-13 m');
    await waitFor(() => expect(axisTitles()).toEqual(['DOS (states/J)', 'Energy (J)']));
  });

  it('shows the Brillouin zone of the band structure, or why it cannot', () => {
    // The test band structure has no reciprocal cell.
    renderWithUnits(<ResultCards results={silicon} archive={ready} />);
    expect(screen.getByText('Could not load Brillouin zone.')).toBeInTheDocument();
    expect(screen.getByText('The band structure has no reciprocal cell')).toBeInTheDocument();
  });

  it('checks for WebGL before drawing the Brillouin zone', () => {
    const withCell = structuredClone(archive) as typeof archive & { cell?: number[][] };
    withCell.cell = [
      [-1.157e10, 1.157e10, 1.157e10],
      [1.157e10, -1.157e10, 1.157e10],
      [1.157e10, 1.157e10, -1.157e10],
    ];
    const results = structuredClone(silicon);
    results.properties!.electronic!.band_structure_electronic![0]!.reciprocal_cell = '/cell';
    renderWithUnits(<ResultCards results={results} archive={{ status: 'ready', archive: withCell }} />);
    // jsdom has no WebGL.
    expect(
      screen.getByText('Could not display the visualization as your browser does not support WebGL content.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Could not load Brillouin zone.')).not.toBeInTheDocument();
  });

  it('shows no result cards for an entry without results', () => {
    renderWithUnits(<ResultCards results={undefined} archive={{ status: 'none' }} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
