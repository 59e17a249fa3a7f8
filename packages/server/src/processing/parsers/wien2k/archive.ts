// From a WIEN2k case.scf and its input and output files to NOMAD's run and workflow2 sections, in SI
// units: one method (functional, APW basis, smearing, k-points), the system of case.struct, and one
// calculation with the SCF iterations, the last iteration's energy, Fermi level and forces, and the
// band energies and DOS of the files beside it.
import { BOHR, RYDBERG, type Vec3 } from '@oasis/chem';
import type {
  BandEnergies,
  MethodElectronic,
  RunCalculation,
  RunDos,
  RunMethod,
  WithCodeSpecific,
} from '@oasis/schema';
import { calculationRefs, codeRun, singlePoint, xcFunctional, type CodeArchive } from '../code-sections.ts';
import { forcesOnSites, geometryOf } from './geometry.ts';
import type { Wien2kDosFile, Wien2kKpointEnergies } from './read-bands.ts';
import type { Wien2kIn0, Wien2kIn1, Wien2kIn2, Wien2kStruct } from './read-inputs.ts';
import type { Wien2kIteration, Wien2kScf } from './read-scf.ts';
import { functionalNames } from './functionals.ts';
import { startDate } from './start-date.ts';

export interface Wien2kFiles {
  scf: Wien2kScf;
  struct?: Wien2kStruct;
  in0?: Wien2kIn0;
  in1?: Wien2kIn1;
  in2?: Wien2kIn2;
  klist?: { kpoints: Vec3[]; weights: number[] };
  /** Per spin channel: the k-points of the case.energy files in order. */
  energies?: Wien2kKpointEnergies[][];
  /** Per spin channel: the case.dosN files in order. */
  dos?: Wien2kDosFile[][];
}

const SMEARING: Readonly<Record<string, string>> = {
  GAUSS: 'gaussian',
  TEMP: 'fermi',
  TEMPS: 'fermi',
  TETRA: 'tetrahedra',
};

/** The APW basis of case.in1: plane waves up to RKmax, and per atom its radial functions per l. */
function basisOf(in1: Wien2kIn1): RunMethod['electrons_representation'] {
  const lmax = in1.lmax ?? -1;
  const spheres = in1.atoms.map((atom) => {
    const orbital: {
      type: 'APW' | 'LAPW' | 'LO';
      l_quantum_number: number;
      core_level: boolean;
      energy_parameter: number[];
      update: boolean;
    }[] = [];
    for (let l = 0; l <= lmax; l += 1) {
      const own = atom.orbitals.filter((o) => o.l === l);
      const lines = own.length > 0 ? own : [{ l, energy: atom.energy, search: 0, apw: atom.apw }];
      // The first function of an l is its (L)APW; further ones are local orbitals.
      lines.forEach((o, k) =>
        orbital.push({
          type: k > 0 ? ('LO' as const) : o.apw === 1 ? ('APW' as const) : ('LAPW' as const),
          l_quantum_number: l,
          core_level: false,
          energy_parameter: [o.energy * RYDBERG],
          update: o.search !== 0,
        }),
      );
    }
    return {
      scope: ['muffin-tin', 'full-electron'],
      ...(in1.lmax !== undefined ? { spherical_harmonics_cutoff: in1.lmax } : {}),
      orbital,
    };
  });
  return [
    {
      scope: ['wavefunction'],
      basis_set: [
        {
          scope: ['intersitial', 'valence'],
          type: 'plane waves' as const,
          ...(in1.rkmax !== undefined ? { cutoff_fractional: in1.rkmax } : {}),
        },
        ...spheres,
      ],
    },
  ];
}

/** The SCF criteria of run_lapw's options: -ec energy (Ry), -cc charge (e). */
function convergence(command: string | undefined): RunMethod['scf'] {
  const option = (name: string) => {
    const value = new RegExp(`(?:^|\\s)-${name}\\s+([-+]?\\d*\\.?\\d+(?:[eEdD][-+]?\\d+)?)`).exec(
      command ?? '',
    )?.[1];
    return value === undefined ? undefined : Number(value.replace(/[dD]/, 'e'));
  };
  const [energy, charge] = [option('ec'), option('cc')];
  if (energy === undefined && charge === undefined) return undefined;
  return {
    ...(energy !== undefined ? { threshold_energy_change: energy * RYDBERG } : {}),
    ...(charge !== undefined ? { threshold_density_change: charge } : {}),
  };
}

function methodOf(files: Wien2kFiles, nSpin: number, warnings: string[]): WithCodeSpecific<RunMethod> {
  const { in0, in1, in2, klist, struct } = files;
  const electronic: MethodElectronic = { method: 'DFT', n_spin_channels: nSpin };
  if (struct?.mode?.startsWith('RELA')) electronic.relativity_method = 'scalar_relativistic';
  const smearing = in2?.smearing;
  if (smearing)
    electronic.smearing = {
      kind: SMEARING[smearing.kind] ?? smearing.kind.toLowerCase(),
      width: smearing.width * RYDBERG,
    };
  const method: WithCodeSpecific<RunMethod> = { electronic };
  const option = in0?.functional ?? files.scf.iterations[0]?.potentialOption?.split(/\s+/);
  if (option) {
    const names = functionalNames(option);
    if (names.length > 0) method.dft = { xc_functional: xcFunctional(names) };
    else warnings.push(`the functional '${option.join(' ')}' has no libxc names here`);
  }
  const scf = convergence(files.scf.command);
  if (scf) method.scf = scf;
  // Without case.klist, the number of irreducible k-points lapw1 printed.
  const nKpoints = files.scf.iterations.find((it) => it.nKpoints !== undefined)?.nKpoints;
  if (klist && klist.kpoints.length > 0)
    method.k_mesh = { n_points: klist.kpoints.length, points: klist.kpoints, weights: klist.weights };
  else if (nKpoints !== undefined) method.k_mesh = { n_points: nKpoints };
  if (in1) method.electrons_representation = basisOf(in1);
  if (in0?.fft) {
    method.x_wien2k_ifft = in0.fft.grid;
    method.x_wien2k_ifft_factor = in0.fft.factor;
  }
  if (in2?.switch) method.x_wien2k_in2_switch = in2.switch;
  if (in2?.gmax !== undefined) method.x_wien2k_in2_gmax = in2.gmax;
  (['emin', 'ne', 'espermin', 'esper0'] as const).forEach((name, k) => {
    if (in2?.window?.[k] !== undefined) method[`x_wien2k_in2_${name}`] = in2.window[k];
  });
  return method;
}

function iterationSection(
  it: Wien2kIteration,
): WithCodeSpecific<NonNullable<RunCalculation['scf_iteration']>[number]> {
  const section: WithCodeSpecific<NonNullable<RunCalculation['scf_iteration']>[number]> = {
    energy: {
      ...(it.energy !== undefined ? { total: { value: it.energy * RYDBERG } } : {}),
      ...(it.fermi !== undefined ? { fermi: it.fermi * RYDBERG } : {}),
      ...(it.sumEigenvalues !== undefined ? { sum_eigenvalues: { value: it.sumEigenvalues * RYDBERG } } : {}),
    },
    x_wien2k_iteration_number: it.index,
  };
  const extra: Record<string, unknown> = {
    x_wien2k_nr_of_independent_atoms: it.nIndependentAtoms,
    x_wien2k_total_atoms: it.nAtoms,
    x_wien2k_system_name: it.systemName,
    x_wien2k_potential_option: it.potentialOption,
    x_wien2k_unit_cell_volume_bohr3: it.volume,
    x_wien2k_spinpolarization:
      it.spinPolarized === undefined ? undefined : it.spinPolarized ? 'SPINPOLARIZED' : 'NON-SPINPOLARIZED',
    x_wien2k_noe: it.nElectrons,
    x_wien2k_nr_kpts: it.nKpoints,
    x_wien2k_cutoff: it.gmax,
    x_wien2k_matrix_size: it.matrixSize,
    x_wien2k_rkm: it.rkmax,
    x_wien2k_LOs: it.nLocalOrbitals,
    x_wien2k_mmtot: it.magneticMomentCell,
    x_wien2k_mmint: it.magneticMomentInterstitial,
    x_wien2k_mmi: it.magneticMomentSpheres.length > 0 ? it.magneticMomentSpheres : undefined,
    x_wien2k_charge_distance: it.chargeDistance,
    x_wien2k_tot_diff_charge: it.totalDifferenceCharge.length > 0 ? it.totalDifferenceCharge : undefined,
    x_wien2k_atom_mult: it.multiplicities.length > 0 ? it.multiplicities : undefined,
    x_wien2k_tot_val_charge_cell: it.valenceChargeCell,
  };
  for (const [key, v] of Object.entries(extra)) if (v !== undefined) section[key as `x_${string}`] = v;
  return section;
}

/** Band energies of the case.energy files: per spin, per k-point, the bands all k-points have. */
function eigenvaluesOf(channels: Wien2kKpointEnergies[][], warnings: string[]): BandEnergies | undefined {
  const up = channels[0] ?? [];
  if (up.length === 0 || channels.some((c) => c.length !== up.length)) {
    if (up.length > 0)
      warnings.push('the spin channels of the case.energy files have different k-points: no band energies');
    return undefined;
  }
  const counts = channels.flat().map((k) => k.energies.length);
  const nBands = Math.min(...counts);
  if (nBands < Math.max(...counts))
    warnings.push(
      `Different number of eigenvalues at the k-points of the case.energy files: the first ${nBands} of each are kept`,
    );
  if (nBands === 0) return undefined;
  const total = up.reduce((sum, k) => sum + k.weight, 0);
  return {
    n_spin_channels: channels.length,
    n_kpoints: up.length,
    n_bands: nBands,
    kpoints: up.map((k) => k.kpoint),
    kpoints_multiplicities: up.map((k) => k.weight),
    ...(total > 0 ? { kpoints_weights: up.map((k) => k.weight / total) } : {}),
    energies: channels.map((c) => c.map((k) => k.energies.slice(0, nBands).map((e) => e * RYDBERG))),
  };
}

/** The DOS of the case.dosN files per spin: their 'TOTAL'/'total-DOS' column and 'N:total' atoms. */
function dosOf(channels: Wien2kDosFile[][], struct: Wien2kStruct | undefined, warnings: string[]): RunDos[] {
  const sections: RunDos[] = [];
  channels.forEach((files, spin) => {
    if (files.length === 0) return;
    const energies = files[0]!.energies;
    if (files.some((f) => f.energies.length !== energies.length)) {
      warnings.push('the case.dos files have different energy grids: no DOS');
      return;
    }
    const perRy = (values: number[]) => values.map((v) => v / RYDBERG);
    const columns = files.flatMap((f) => f.labels.map((label, k) => ({ label, values: f.columns[k]! })));
    const total = columns.find((c) => c.label === 'TOTAL' || c.label === 'total-DOS');
    const atoms = columns.flatMap((c) => {
      const atom = /^(\d+):total$/.exec(c.label)?.[1];
      if (atom === undefined) return [];
      const name = struct?.atoms[Number(atom) - 1]?.name.split(/\s+/)[0];
      return [
        { ...(name ? { atom_label: name } : {}), atom_index: Number(atom) - 1, value: perRy(c.values) },
      ];
    });
    if (!total && atoms.length === 0) return;
    sections.push({
      ...(channels.length === 2 ? { spin_channel: spin } : {}),
      n_energies: energies.length,
      energies: energies.map((e) => e * RYDBERG),
      ...(total ? { total: [{ value: perRy(total.values) }] } : {}),
      ...(atoms.length > 0 ? { species_projected: atoms } : {}),
    });
  });
  return sections;
}

function calculationOf(files: Wien2kFiles, warnings: string[]): RunCalculation {
  const { scf, struct } = files;
  const calculation: RunCalculation = calculationRefs(0);
  const iterations = scf.iterations;
  const final = [...iterations].reverse().find((it) => it.energy !== undefined);
  if (final) {
    calculation.energy = {
      total: { value: final.energy! * RYDBERG },
      ...(final.fermi !== undefined ? { fermi: final.fermi * RYDBERG } : {}),
    };
  }
  if (iterations.length > 0) {
    calculation.n_scf_iterations = iterations.length;
    calculation.scf_iteration = iterations.map(iterationSection);
  }
  const withForces = [...iterations].reverse().find((it) => it.forcesGlobal.length > 0);
  if (withForces && struct) {
    const geometry = geometryOf(struct);
    const forces = forcesOnSites(struct, geometry, withForces.forcesGlobal, (1e-3 * RYDBERG) / BOHR);
    if (forces.every((f) => f !== undefined)) calculation.forces = { total: { value: forces } };
    else
      warnings.push('no symmetry operation of case.struct takes an atom to its equivalent ones: no forces');
  }
  const eigenvalues = files.energies && eigenvaluesOf(files.energies, warnings);
  if (eigenvalues) calculation.eigenvalues = [eigenvalues];
  const dos = files.dos ? dosOf(files.dos, struct, warnings) : [];
  if (dos.length > 0) calculation.dos_electronic = dos;
  return calculation;
}

/** The archive of a case; without a case.struct beside the .scf it has no system (and no forces). */
export function wien2kArchive(
  files: Wien2kFiles,
): Omit<CodeArchive, 'structure'> & { structure: CodeArchive['structure'] | undefined } {
  const { scf, struct } = files;
  const warnings: string[] = [...scf.warnings];
  const last = scf.iterations[scf.iterations.length - 1];
  if (!last || last.energy === undefined)
    warnings.push("the last SCF iteration has no ':ENE' total energy: the run did not finish");
  const nSpin = scf.iterations.some((it) => it.spinPolarized) ? 2 : 1;
  const structure = struct && geometryOf(struct).structure;
  if (!structure)
    warnings.push('no case.struct could be read beside the .scf file: the entry has no structure');
  const method = methodOf(files, nSpin, warnings);
  const calculation = calculationOf(files, warnings);
  if (!structure) delete calculation.system_ref;
  const run = codeRun('WIEN2k', scf.version, method, structure ? [structure] : [], [calculation]);
  if (!structure) delete run.system;
  const date = scf.started ? startDate(scf.started) : undefined;
  if (date !== undefined) run.time_run = { date_start: date };
  return { run, workflow2: singlePoint(), structure, warnings };
}
