import type { EntryResults } from '@oasis/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultCards } from './EntryOverview.tsx';
import { renderWithUnits } from './testUnits.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';

/*
 * The property cards with archives shaped as NOMAD writes them (references from results into run and
 * workflow2, MD results stored directly), and with broken data: each plot says which could not load.
 */

const eV = 1.602176634e-19;
const angstrom = 1e-10;

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest<HTMLElement>('.MuiCard-root')!;
const valueOf = (element: HTMLElement, label: string) =>
  within(element).getByText(label, { selector: '.MuiTypography-caption' }).nextElementSibling?.textContent;
const axisTitles = (plot: HTMLElement) =>
  [...plot.querySelectorAll('.g-xtitle, .g-ytitle')].map((title) => title.textContent).sort();

const phononResults: EntryResults = {
  properties: {
    available_properties: [
      'band_structure_phonon',
      'dos_phonon',
      'energy_free_helmholtz',
      'heat_capacity_constant_volume',
    ],
  },
};

const phononArchive = () => ({
  run: [
    {
      calculation: [
        {
          dos_phonon: [{ energies: [0, 0.02 * eV, 0.04 * eV], total: [{ value: [0, 1e20, 3e20] }] }],
          band_structure_phonon: [
            {
              segment: [
                {
                  kpoints: [
                    [0, 0, 0],
                    [0.5, 0, 0.5],
                  ],
                  endpoints_labels: ['Γ', 'X'],
                  energies: [
                    [
                      [0, 0.05 * eV],
                      [0.03 * eV, 0.06 * eV],
                    ],
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  workflow2: {
    results: {
      temperature: [0, 300, 600],
      heat_capacity_c_v: [0, 5e-23, 7e-23],
      vibrational_free_energy_at_constant_volume: [0.1 * eV, 0.05 * eV, -0.1 * eV],
    },
  },
  results: {
    properties: {
      vibrational: {
        dos_phonon: {
          energies: '/run/0/calculation/0/dos_phonon/0/energies',
          total: ['/run/0/calculation/0/dos_phonon/0/total/0'],
        },
        band_structure_phonon: { segment: ['/run/0/calculation/0/band_structure_phonon/0/segment/0'] },
        heat_capacity_constant_volume: {
          heat_capacities: '/workflow2/results/heat_capacity_c_v',
          temperatures: '/workflow2/results/temperature',
        },
        energy_free_helmholtz: {
          energies: '/workflow2/results/vibrational_free_energy_at_constant_volume',
          temperatures: '/workflow2/results/temperature',
        },
      },
    },
  },
});

const times = [0, 1e-13, 2e-13];
const mdResults: EntryResults = {
  properties: {
    available_properties: [
      'mean_squared_displacement',
      'radial_distribution_function',
      'radius_of_gyration',
      'trajectory',
    ],
    structural: { radial_distribution_function: [{ type: 'molecular', label: 'SOL-SOL' }] },
  },
};
const mdArchive = () => ({
  results: {
    properties: {
      thermodynamic: {
        trajectory: [
          {
            temperature: { value: [300, 302, 299], time: times },
            pressure: { value: [1e5, 2e5, 1.5e5], time: times },
            energy_potential: { value: [-4e-16, -4.1e-16, -4.05e-16], time: times },
          },
        ],
      },
      structural: {
        radial_distribution_function: [
          { label: 'SOL-SOL', bins: [2 * angstrom, 2.8 * angstrom, 4 * angstrom], value: [0, 3, 1] },
        ],
        radius_of_gyration: [
          { label: 'SOL', value: [0.6 * angstrom, 0.61 * angstrom, 0.6 * angstrom], time: times },
        ],
      },
      dynamical: {
        mean_squared_displacement: [
          { label: 'SOL', times, value: [0, 1.4e-21, 2.8e-21], diffusion_constant_value: 2.3e-9 },
        ],
      },
    },
  },
});

const ready = (archive: object): ArchiveState => ({ status: 'ready', archive });

describe('property cards', () => {
  it('plots the phonon band structure, DOS, heat capacity and free energy without a reference warning', async () => {
    renderWithUnits(<ResultCards results={phononResults} archive={ready(phononArchive())} />);
    const vibrational = card('Vibrational properties');
    expect(within(vibrational).getByRole('img', { name: 'phonon band structure' })).toBeInTheDocument();
    expect(within(vibrational).getByRole('img', { name: 'phonon density of states' })).toBeInTheDocument();
    expect(within(vibrational).queryByText(/highest occupied energy is unknown/)).not.toBeInTheDocument();
    const heat = within(vibrational).getByRole('img', { name: 'heat capacity' });
    await waitFor(() => expect(axisTitles(heat)).toEqual(['Heat capacity (eV/K)', 'Temperature (K)']));
    const free = within(vibrational).getByRole('img', { name: 'helmholtz free energy' });
    await waitFor(() => expect(axisTitles(free)).toEqual(['Helmholtz free energy (eV)', 'Temperature (K)']));
  });

  it('says which vibrational plot could not be loaded', () => {
    const broken = phononArchive();
    broken.workflow2.results = { temperature: [0, 300, 600] } as typeof broken.workflow2.results;
    broken.run[0]!.calculation[0]!.dos_phonon = [];
    renderWithUnits(<ResultCards results={phononResults} archive={ready(broken)} />);
    const vibrational = card('Vibrational properties');
    expect(within(vibrational).getByText('Could not load heat capacity.')).toBeInTheDocument();
    expect(within(vibrational).getByText('Could not load Helmholtz free energy.')).toBeInTheDocument();
    expect(within(vibrational).getByText('Could not load density of states.')).toBeInTheDocument();
    expect(within(vibrational).queryByText('Could not load band structure.')).not.toBeInTheDocument();
  });

  it('plots the trajectory, RDF, radius of gyration and MSD of an MD run', async () => {
    renderWithUnits(<ResultCards results={mdResults} archive={ready(mdArchive())} />);
    const thermodynamic = card('Thermodynamic properties');
    const temperature = within(thermodynamic).getByRole('img', { name: 'trajectory temperature' });
    await waitFor(() => expect(axisTitles(temperature)).toEqual(['Temperature (K)', 'Time (fs)']));
    expect(within(thermodynamic).getByRole('img', { name: 'trajectory pressure' })).toBeInTheDocument();
    expect(
      within(thermodynamic).getByRole('img', { name: 'trajectory potential energy' }),
    ).toBeInTheDocument();
    const structural = card('Structural properties');
    const rdf = within(structural).getByRole('img', { name: 'radial distribution function' });
    await waitFor(() => expect(axisTitles(rdf)).toEqual(['Distance (Å)', 'g(r)']));
    expect(within(structural).getByRole('img', { name: 'radius of gyration' })).toBeInTheDocument();
    const dynamical = card('Dynamical properties');
    // 2.3e-9 m²/s = 2.3e-4 Å²/fs
    expect(valueOf(dynamical, 'diffusion constant (SOL)')).toBe('2.3e-4 Å²/fs');
    const msd = within(dynamical).getByRole('img', { name: 'mean squared displacement' });
    await waitFor(() => expect(axisTitles(msd)).toEqual(['MSD (Å²)', 'Time (fs)']));
  });

  it('leaves the thermodynamic card out when its trajectory has a single step (no empty axes)', () => {
    const single = mdArchive();
    const properties = single.results.properties as Record<string, unknown>;
    properties.thermodynamic = {
      trajectory: [{ temperature: { time: [0], value: [0] }, pressure: { time: [0], value: [0] } }],
    };
    renderWithUnits(<ResultCards results={mdResults} archive={ready(single)} />);
    expect(screen.queryByText('Thermodynamic properties')).not.toBeInTheDocument();
    expect(screen.getByText('Structural properties')).toBeInTheDocument();
  });

  it('gives each MD plot its own failure text', () => {
    const broken = mdArchive();
    const properties = broken.results.properties as Record<string, unknown>;
    properties.thermodynamic = { trajectory: [{ temperature: { value: [1, 2], time: [0] } }] };
    properties.structural = { radial_distribution_function: [{ bins: [1, 2] }], radius_of_gyration: 'none' };
    delete properties.dynamical;
    renderWithUnits(<ResultCards results={mdResults} archive={ready(broken)} />);
    expect(screen.getByText('Could not load trajectory data.')).toBeInTheDocument();
    expect(screen.getByText('Could not load radial distribution function data.')).toBeInTheDocument();
    expect(screen.getByText('The RDF values are missing')).toBeInTheDocument();
    expect(screen.getByText('Could not load radius of gyration data.')).toBeInTheDocument();
    expect(screen.getByText('Could not load mean squared displacement data.')).toBeInTheDocument();
    expect(screen.getByText('The archive has no mean squared displacement')).toBeInTheDocument();
  });

  it('shows the moduli, the energy-volume curve with its fit, and its failure text', async () => {
    const results: EntryResults = {
      properties: {
        available_properties: ['bulk_modulus', 'energy_volume_curve', 'shear_modulus'],
        mechanical: {
          bulk_modulus: [{ type: 'birch_murnaghan', value: 98e9 }],
          shear_modulus: [{ type: 'voigt_reuss_hill_average', value: 51.5e9 }],
        },
      },
    };
    const volumes = [38e-30, 40e-30, 42e-30];
    const archive = {
      workflow2: {
        results: {
          volumes,
          energies: [-10.8 * eV, -10.9 * eV, -10.85 * eV],
          eos_fit: [{ fitted_energies: [-10.81 * eV, -10.89 * eV, -10.86 * eV] }],
        },
      },
      results: {
        properties: {
          mechanical: {
            energy_volume_curve: [
              {
                type: 'raw',
                volumes: '/workflow2/results/volumes',
                energies_raw: '/workflow2/results/energies',
              },
              {
                type: 'birch_murnaghan',
                volumes: '/workflow2/results/volumes',
                energies_fit: '/workflow2/results/eos_fit/0/fitted_energies',
              },
            ],
          },
        },
      },
    };
    renderWithUnits(<ResultCards results={results} archive={ready(archive)} />);
    const mechanical = card('Mechanical properties');
    expect(valueOf(mechanical, 'bulk modulus (birch murnaghan)')).toBe('98 GPa');
    expect(valueOf(mechanical, 'shear modulus (voigt reuss hill average)')).toBe('51.5 GPa');
    const curve = within(mechanical).getByRole('img', { name: 'energy-volume curve' });
    await waitFor(() => expect(axisTitles(curve)).toEqual(['Energy (eV)', 'Volume (Å³)']));
    await waitFor(() => expect(curve.querySelectorAll('.legendtext')).toHaveLength(2));

    const broken = structuredClone(archive);
    broken.workflow2.results.volumes = [];
    renderWithUnits(<ResultCards results={results} archive={ready(broken)} />);
    expect(screen.getByText('Could not load energy volume curve.')).toBeInTheDocument();
  });

  it('plots spectra and shows the solar cell from the metadata', () => {
    const results: EntryResults = {
      properties: {
        available_properties: ['solar_cell', 'spectra'],
        optoelectronic: {
          solar_cell: {
            efficiency: 18.5,
            open_circuit_voltage: 1.05,
            short_circuit_current_density: 225,
            device_architecture: 'nip',
            absorber: ['MAPbI'],
          },
        },
      },
    };
    renderWithUnits(
      <ResultCards
        results={results}
        archive={ready({
          results: {
            properties: {
              spectroscopic: { spectra: [{ type: 'EELS', energies: [0, eV], intensities: [1, 2] }] },
            },
          },
        })}
      />,
    );
    expect(
      within(card('Spectroscopic properties')).getByRole('img', { name: 'spectra' }),
    ).toBeInTheDocument();
    const solar = card('Solar cell properties');
    expect(valueOf(solar, 'efficiency')).toBe('18.5 %');
    expect(valueOf(solar, 'open circuit voltage')).toBe('1.05 V');
    expect(valueOf(solar, 'short circuit current density')).toBe('22.5 mA/cm²');
    expect(valueOf(solar, 'absorber')).toBe('MAPbI');
    expect(valueOf(solar, 'fill factor')).toBe('unavailable');
  });

  it('shows the spectra failure text', () => {
    renderWithUnits(
      <ResultCards
        results={{ properties: { available_properties: ['spectra'] } }}
        archive={ready({ results: { properties: { spectroscopic: { spectra: [{ energies: [0, 1] }] } } } })}
      />,
    );
    expect(screen.getByText('Could not load Spectra.')).toBeInTheDocument();
  });
});
