/**
 * NOMAD archive files (`*.archive.json`) carrying the results the parsers do not produce yet: a phonon
 * calculation (vibrational properties) and a molecular-dynamics run (thermodynamic, structural and
 * dynamical properties). They follow NOMAD's layout: arrays in `run` and `workflow2`, `results` pointing
 * at them by reference where NOMAD's results do, and holding them directly where NOMAD's do.
 */
import { ANGSTROM as angstrom, BOLTZMANN as kB, ELECTRON_VOLT as eV, PICOSECOND as ps } from '@oasis/chem';

const range = <T>(n: number, at: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => at(i));
const round = (value: number) => Number(value.toPrecision(6));

/** A silicon-like diamond cell: enough for the material card and the reciprocal cell of the k-path. */
const SILICON_A = 5.431 * angstrom;
const siliconSystem = () => ({
  atoms: {
    labels: ['Si', 'Si'],
    positions: [
      [0, 0, 0],
      [SILICON_A / 4, SILICON_A / 4, SILICON_A / 4],
    ],
    lattice_vectors: [
      [0, SILICON_A / 2, SILICON_A / 2],
      [SILICON_A / 2, 0, SILICON_A / 2],
      [SILICON_A / 2, SILICON_A / 2, 0],
    ],
    periodic: [true, true, true],
  },
});

/** Reciprocal cell (with 2π) of the fcc primitive cell above, in 1/m. */
const siliconReciprocal = () => {
  const b = (2 * Math.PI) / SILICON_A;
  return [
    [-b, b, b],
    [b, -b, b],
    [b, b, -b],
  ];
};

/** Debye-like acoustic and optical branches (J) along a segment between two k-points. */
const phononSegment = (from: number[], to: number[], labels: [string, string], n = 21) => {
  const kpoints = range(n, (i) => from.map((c, axis) => round(c + ((to[axis] ?? 0) - c) * (i / (n - 1)))));
  const top = 0.064 * eV;
  const energies = [
    kpoints.map((k) => {
      // Rising from Γ to the zone boundary (the path ends lie 0.5 to 0.92 from Γ in fractional units).
      const q = Math.min(1, Math.hypot(...k) / 0.92);
      const acoustic = top * 0.6 * Math.sin((Math.PI / 2) * q);
      return [acoustic * 0.6, acoustic * 0.8, acoustic, top * (1 - 0.1 * q), top * (1 - 0.05 * q), top];
    }),
  ];
  return { kpoints, energies, endpoints_labels: labels };
};

/** Einstein-model heat capacity (J/K) and vibrational free energy (J) of 6 modes at a temperature. */
const einstein = (temperature: number) => {
  const energy = 0.05 * eV;
  const x = energy / (kB * Math.max(temperature, 1e-9));
  const heatCapacity = temperature === 0 ? 0 : (6 * kB * x * x * Math.exp(x)) / (Math.exp(x) - 1) ** 2;
  const freeEnergy =
    6 * (energy / 2 + (temperature === 0 ? 0 : kB * temperature * Math.log(1 - Math.exp(-x))));
  return { heatCapacity, freeEnergy };
};

/**
 * A phonon calculation of silicon: phonon DOS and band structure in `run`, heat capacity and free energy
 * in the thermodynamics results of `workflow2`, and `results.properties.vibrational` referencing them.
 */
export function phononArchive(): Record<string, unknown> {
  const dosEnergies = range(101, (i) => round((i / 100) * 0.07 * eV));
  // Debye ω² rise up to the acoustic edge plus an optical peak; states per J.
  const dosValues = dosEnergies.map((e) => {
    const debye = e < 0.04 * eV ? (e / (0.04 * eV)) ** 2 : 0;
    const optical = Math.exp(-(((e - 0.062 * eV) / (0.003 * eV)) ** 2));
    return round(((debye + 2 * optical) * 6) / (0.07 * eV));
  });
  const temperatures = range(51, (i) => i * 20);
  const thermo = temperatures.map(einstein);
  const gamma = [0, 0, 0];
  const x = [0, 0.5, 0.5];
  const l = [0.5, 0.5, 0.5];
  return {
    metadata: { entry_name: 'Si phonons' },
    run: [
      {
        program: { name: 'Phonopy', version: '2.20.0' },
        system: [siliconSystem()],
        calculation: [
          {
            system_ref: '/run/0/system/0',
            dos_phonon: [
              { n_energies: dosEnergies.length, energies: dosEnergies, total: [{ value: dosValues }] },
            ],
            band_structure_phonon: [
              {
                reciprocal_cell: siliconReciprocal(),
                segment: [
                  phononSegment(gamma, x, ['Γ', 'X']),
                  phononSegment(x, [0.625, 0.25, 0.625], ['X', 'U']),
                  phononSegment([0.375, 0.375, 0.75], gamma, ['K', 'Γ']),
                  phononSegment(gamma, l, ['Γ', 'L']),
                ],
              },
            ],
          },
        ],
      },
    ],
    workflow2: {
      m_def: 'simulationworkflowschema.Phonon',
      results: {
        n_values: temperatures.length,
        temperature: temperatures,
        heat_capacity_c_v: thermo.map((t) => round(t.heatCapacity)),
        vibrational_free_energy_at_constant_volume: thermo.map((t) => round(t.freeEnergy)),
      },
    },
    results: {
      properties: {
        vibrational: {
          dos_phonon: {
            energies: '/run/0/calculation/0/dos_phonon/0/energies',
            total: ['/run/0/calculation/0/dos_phonon/0/total/0'],
          },
          band_structure_phonon: {
            reciprocal_cell: '/run/0/calculation/0/band_structure_phonon/0/reciprocal_cell',
            segment: range(4, (i) => `/run/0/calculation/0/band_structure_phonon/0/segment/${i}`),
          },
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
  };
}

/**
 * A 10 ps NVT run of water: temperature, pressure and potential energy along the trajectory, the O-O
 * radial distribution function, the mean squared displacement of the molecules and their radius of
 * gyration, all stored directly in `results.properties` as NOMAD's MD normaliser writes them.
 */
export function molecularDynamicsArchive(): Record<string, unknown> {
  const provenance = {
    label: 'MDAnalysis',
    molecular_dynamics: { time_step: 5e-16, ensemble_type: 'NVT' },
  };
  const times = range(101, (i) => round(i * 0.1 * ps));
  const wobble = (i: number, scale: number) => Math.sin(i * 0.7) * scale + Math.cos(i * 0.31) * scale * 0.5;
  const bins = range(120, (i) => round((0.05 + i * 0.05) * angstrom));
  // A first O-O shell at 2.8 Å, a second at 4.5 Å, tending to 1.
  const rdf = bins.map((r) => {
    const d = r / angstrom;
    if (d < 2.4) return 0;
    return round(
      1 +
        2.1 * Math.exp(-(((d - 2.8) / 0.15) ** 2)) -
        0.3 * Math.exp(-(((d - 3.4) / 0.3) ** 2)) +
        0.15 * Math.exp(-(((d - 4.5) / 0.4) ** 2)),
    );
  });
  const diffusion = 2.3e-9; // m²/s, water at room temperature
  return {
    metadata: { entry_name: 'Water NVT' },
    run: [{ program: { name: 'GROMACS', version: '2023.1' } }],
    workflow2: {
      m_def: 'simulationworkflowschema.MolecularDynamics',
      method: { thermodynamic_ensemble: 'NVT', integration_timestep: 5e-16 },
    },
    results: {
      properties: {
        thermodynamic: {
          trajectory: [
            {
              available_properties: ['energy_potential', 'pressure', 'temperature'],
              temperature: { value: times.map((_, i) => round(300 + wobble(i, 4))), time: times },
              pressure: { value: times.map((_, i) => round(101325 + wobble(i, 2e6))), time: times },
              energy_potential: {
                value: times.map((_, i) => round(-4.1e-16 + wobble(i, 2e-19))),
                time: times,
              },
              provenance,
            },
          ],
        },
        structural: {
          radial_distribution_function: [
            {
              type: 'molecular',
              label: 'SOL-SOL',
              bins,
              n_bins: bins.length,
              value: rdf,
              frame_start: 0,
              frame_end: 100,
              provenance,
            },
          ],
          radius_of_gyration: [
            {
              kind: 'molecule',
              label: 'SOL',
              value: times.map((_, i) => round(0.615 * angstrom + wobble(i, 0.004 * angstrom))),
              time: times,
              provenance,
            },
          ],
        },
        dynamical: {
          mean_squared_displacement: [
            {
              type: 'molecular',
              direction: 'xyz',
              label: 'SOL',
              n_times: times.length,
              times,
              value: times.map((t) => round(6 * diffusion * t)),
              diffusion_constant_value: diffusion,
              provenance,
            },
          ],
        },
      },
    },
  };
}

/**
 * An equation-of-state run of silicon: energies at seven volumes and a Birch-Murnaghan fit in the
 * workflow's results, the energy-volume curves and the bulk modulus in `results.properties.mechanical`.
 */
export function equationOfStateArchive(): Record<string, unknown> {
  const v0 = 40.9 * angstrom ** 3;
  const b0 = 88e9; // Pa
  const bp = 4.2;
  const e0 = -10.85 * eV;
  // Birch-Murnaghan: E(V) = E0 + 9 V0 B0/16 {[(V0/V)^(2/3) - 1]^3 B' + [(V0/V)^(2/3) - 1]^2 [6 - 4 (V0/V)^(2/3)]}
  const birch = (v: number) => {
    const x = (v0 / v) ** (2 / 3) - 1;
    return e0 + ((9 * v0 * b0) / 16) * (x ** 3 * bp + x ** 2 * (6 - 4 * (x + 1)));
  };
  const volumes = range(7, (i) => round(v0 * (0.94 + 0.02 * i)));
  const noise = [2e-4, -3e-4, 1e-4, 0, -1e-4, 3e-4, -2e-4];
  return {
    metadata: { entry_name: 'Si equation of state' },
    run: [{ program: { name: 'VASP', version: '6.4.2' }, system: [siliconSystem()] }],
    workflow2: {
      m_def: 'simulationworkflowschema.EquationOfState',
      results: {
        n_points: volumes.length,
        volumes,
        energies: volumes.map((v, i) => round(birch(v) + (noise[i] ?? 0) * eV)),
        eos_fit: [
          {
            function_name: 'birch_murnaghan',
            fitted_energies: volumes.map((v) => round(birch(v))),
            bulk_modulus: b0,
            bulk_modulus_derivative: bp,
            equilibrium_volume: v0,
            equilibrium_energy: e0,
          },
        ],
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
          bulk_modulus: [{ type: 'birch_murnaghan', value: b0 }],
        },
      },
    },
  };
}

/** A measured EELS spectrum (a plasmon peak near 17 eV on a decaying background), as NOMAD stores it. */
export function spectrumArchive(): Record<string, unknown> {
  const energies = range(200, (i) => round((5 + i * 0.15) * eV));
  const intensities = energies.map((e) => {
    const x = e / eV;
    return round(1e4 * Math.exp(-x / 8) + 6e3 * Math.exp(-(((x - 16.7) / 2.5) ** 2)));
  });
  return {
    metadata: { entry_name: 'Si EELS' },
    results: {
      properties: {
        spectroscopic: {
          spectra: [
            {
              type: 'EELS',
              label: 'experiment',
              n_energies: energies.length,
              energies,
              intensities,
              intensities_units: 'counts',
              provenance: { label: 'EELS DB', eels: { detector_type: 'Quantum GIF', resolution: 0.5 * eV } },
            },
          ],
        },
      },
    },
  };
}

/** A perovskite solar cell with its measured performance (results.properties.optoelectronic). */
export function solarCellArchive(): Record<string, unknown> {
  return {
    metadata: { entry_name: 'MAPbI3 solar cell' },
    results: {
      properties: {
        optoelectronic: {
          solar_cell: {
            efficiency: 18.5,
            fill_factor: 0.76,
            open_circuit_voltage: 1.05,
            short_circuit_current_density: 231.0, // A/m² = 23.1 mA/cm²
            illumination_intensity: 1000, // W/m² = 100 mW/cm²
            device_area: 9e-6, // m² = 0.09 cm²
            device_architecture: 'nip',
            device_stack: ['SLG', 'FTO', 'TiO2-c', 'TiO2-mp', 'MAPbI3', 'Spiro-MeOTAD', 'Au'],
            absorber: ['MAPbI3'],
            electron_transport_layer: ['TiO2-c', 'TiO2-mp'],
            hole_transport_layer: ['Spiro-MeOTAD'],
            substrate: ['SLG', 'FTO'],
            back_contact: ['Au'],
          },
        },
      },
    },
  };
}

/** An ELN-like archive whose data references the archive of another mainfile of the same upload. */
export function referencingArchive(mainfile: string): Record<string, unknown> {
  return {
    metadata: { entry_name: 'Phonon analysis notes' },
    definitions: {
      sections: {
        Notes: {
          base_sections: ['nomad.datamodel.metainfo.eln.ElnBaseSection', 'nomad.datamodel.data.EntryData'],
          quantities: { calculation: { type: 'nomad.datamodel.results.Results' } },
        },
      },
    },
    data: {
      m_def: 'Notes',
      name: 'Phonon analysis notes',
      description: `Uses the phonons of ${mainfile}.`,
      calculation: `../upload/archive/mainfile/${mainfile}#/results`,
    },
  };
}

/** The files as an upload receives them: phonons, MD, an equation of state, a spectrum, a solar cell and notes. */
export const propertyArchiveFiles = () => [
  { name: 'phonon.archive.json', buffer: Buffer.from(JSON.stringify(phononArchive())) },
  { name: 'md.archive.json', buffer: Buffer.from(JSON.stringify(molecularDynamicsArchive())) },
  { name: 'eos.archive.json', buffer: Buffer.from(JSON.stringify(equationOfStateArchive())) },
  { name: 'eels.archive.json', buffer: Buffer.from(JSON.stringify(spectrumArchive())) },
  { name: 'solar.archive.json', buffer: Buffer.from(JSON.stringify(solarCellArchive())) },
  {
    name: 'notes.archive.json',
    buffer: Buffer.from(JSON.stringify(referencingArchive('phonon.archive.json'))),
  },
];
