// The phonopy entry's archive sections as NOMAD's phonopy parser and Phonon workflow write them: a
// run with the unit cell and the supercell, one calculation with the phonon band structure, DOS and
// thermodynamics, and workflow2 'Phonon' whose results hold the thermodynamic functions the
// vibrational results reference. Energies in J (E = hν), per unit cell as NOMAD's schema describes them.
import { ANGSTROM, inverse3, type Mat3, type Vec3 } from '@oasis/chem';
import type {
  PhononWorkflow,
  Run,
  RunCalculation,
  RunMethod,
  RunSystem,
  SystemAtoms,
  WithCodeSpecific,
} from '@oasis/schema';
import { type Structure } from '../../structure.ts';
import { systemSection } from '../../run-sections.ts';
import type { CodeArchive } from '../code-sections.ts';
import type { PhononResults } from './compute.ts';
import { JOULE_PER_THZ } from './constants.ts';
import type { PhononControl } from './read-control.ts';
import type { AimsCell } from './read-geometry.ts';
import type { Supercell } from './supercell.ts';

export const structureOf = (cell: { lattice: Mat3; species: string[]; positions: Vec3[] }): Structure => ({
  species: cell.species,
  positions: cell.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
  lattice: cell.lattice.map((row) => row.map((x) => x * ANGSTROM)) as Mat3,
  periodic: [true, true, true],
});

/** Reciprocal cell (rows, 2π included) in 1/m. */
function reciprocalCell(lattice: Mat3): Mat3 {
  const inverse = inverse3(lattice);
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => (2 * Math.PI * inverse[j]![i]!) / ANGSTROM)) as Mat3;
}

const joules = (thz: number) => thz * JOULE_PER_THZ;

export function phononArchive(input: {
  unit: AimsCell;
  supercell: Supercell;
  control: PhononControl;
  results: PhononResults;
  /** NOMAD's name of the code that computed the forces ('fhi-aims', 'vasp'). */
  forceCalculator: string;
  /** Upload paths of the force calculations' outputs (FHI-aims; a VASP run's are not known). */
  outputs: string[];
  nDisplacements: number;
}): CodeArchive {
  const { unit, supercell, control, results, outputs } = input;
  const structure = structureOf(unit);
  const thermal = results.thermal;
  const calcPath = '/run/0/calculation/0';
  const calculation: RunCalculation = {
    system_ref: '/run/0/system/1',
    method_ref: '/run/0/method/0',
    band_structure_phonon:
      results.bands.length > 0
        ? [
            {
              reciprocal_cell: reciprocalCell(unit.lattice),
              segment: results.bands.map((band) => ({
                kpoints: band.kpoints,
                endpoints_labels: band.labels,
                energies: [band.frequencies.map((modes) => modes.map(joules))],
              })),
            },
          ]
        : undefined,
    dos_phonon: [
      {
        n_energies: results.dos.frequencies.length,
        energies: results.dos.frequencies.map(joules),
        // States per J per unit cell: the per-THz values over J per THz.
        total: [{ value: results.dos.values.map((v) => v / JOULE_PER_THZ) }],
      },
    ],
    thermodynamics: thermal.temperatures.map((temperature, k) => ({
      temperature,
      heat_capacity_c_v: thermal.heatCapacity[k],
      vibrational_free_energy_at_constant_volume: thermal.freeEnergy[k],
      internal_energy: thermal.internalEnergy[k],
      entropy: thermal.entropy[k],
    })),
  };
  if (!calculation.band_structure_phonon) delete calculation.band_structure_phonon;
  const supercellAtoms: SystemAtoms = { ...systemSection(structureOf(supercell)).atoms };
  supercellAtoms.supercell_matrix = control.supercell;
  const supercellSystem: RunSystem = {
    atoms: supercellAtoms,
    sub_system_ref: '/run/0/system/0',
    systems_ref: ['/run/0/system/0'],
  };
  // Phonopy's own quantity, which its parser package defines (the built-in definitions do not).
  const method: WithCodeSpecific<RunMethod> = { x_phonopy_displacement: control.displacement * ANGSTROM };
  const run: Run = {
    program: { name: 'Phonopy' },
    method: [method],
    system: [systemSection(structure), supercellSystem],
    calculation: [calculation],
  };
  const volume = Math.abs(
    unit.lattice[0][0] * (unit.lattice[1][1] * unit.lattice[2][2] - unit.lattice[1][2] * unit.lattice[2][1]) -
      unit.lattice[0][1] *
        (unit.lattice[1][0] * unit.lattice[2][2] - unit.lattice[1][2] * unit.lattice[2][0]) +
      unit.lattice[0][2] *
        (unit.lattice[1][0] * unit.lattice[2][1] - unit.lattice[1][1] * unit.lattice[2][0]),
  );
  const mesh = results.mesh.mesh;
  const inputs = outputs.map((path) => ({
    name: 'input calculation',
    section: `../upload/archive/mainfile/${path}#/run/0/calculation/0`,
  }));
  const workflowOutputs = [{ name: 'phonon results', section: '/workflow2/results' }];
  const workflow2: PhononWorkflow = {
    m_def: 'simulationworkflowschema.Phonon',
    name: 'Phonon',
    method: {
      force_calculator: input.forceCalculator,
      // NOMAD's value: mesh points per unit-cell volume.
      mesh_density: (mesh[0] * mesh[1] * mesh[2]) / (volume * ANGSTROM ** 3),
      random_displacements: false,
      with_non_analytic_correction: false,
    },
    inputs,
    outputs: workflowOutputs,
    tasks: [{ name: 'phonon calculation', inputs, outputs: workflowOutputs }],
    results: {
      n_imaginary_frequencies: results.nImaginary,
      n_bands: results.nBands,
      n_qpoints: results.mesh.qpoints.length,
      qpoints: results.mesh.qpoints,
      n_atoms: supercell.species.length,
      n_displacements: input.nDisplacements,
      n_values: thermal.temperatures.length,
      temperature: thermal.temperatures,
      heat_capacity_c_v: thermal.heatCapacity,
      vibrational_free_energy_at_constant_volume: thermal.freeEnergy,
      vibrational_internal_energy: thermal.internalEnergy,
      vibrational_entropy: thermal.entropy,
      dos: [`${calcPath}/dos_phonon/0`],
      ...(results.bands.length > 0 ? { band_structure: [`${calcPath}/band_structure_phonon/0`] } : {}),
    },
  };
  const warnings = [...results.warnings];
  if (results.sumRuleResidual > 1e-3)
    warnings.push(
      `the force constants broke the acoustic sum rule by up to ${results.sumRuleResidual.toPrecision(2)} eV/Å²; corrected on the self term`,
    );
  if (results.nImaginary > 0)
    warnings.push(`${results.nImaginary} imaginary frequencies on the q-mesh: the structure may be unstable`);
  return { run, workflow2, structure, warnings };
}
