// From a Wannier90 .wout and the files beside it (.win, _hr.dat, _band.dat, dos.dat) to NOMAD's run and
// workflow2 sections, in SI units: the Wannier model as run.method.tb.wannier with the k-point grid and
// the projected orbitals, the structure with a group per projection site, and one calculation with the
// hopping matrix, the interpolated band structure and the DOS. Wannier90 post-processes a first-principles
// run; its own entry is a single point, as in NOMAD, unless that run is beside it (workflow.ts).
import { ANGSTROM, BOHR, ELECTRON_VOLT, type Mat3, type Vec3 } from '@oasis/chem';
import type { RunCalculation, RunMethod, RunSystem, WithCodeSpecific } from '@oasis/schema';
import type { Structure } from '../../structure.ts';
import { codeRun, singlePoint, type CodeArchive } from '../code-sections.ts';
import type { WannierOutput, WannierProjection, readColumns, readHr, readWin } from './read-wannier90.ts';

export interface WannierSideFiles {
  win?: ReturnType<typeof readWin>;
  hr?: ReturnType<typeof readHr>;
  band?: ReturnType<typeof readColumns>;
  dos?: ReturnType<typeof readColumns>;
}

const dot = (f: readonly number[], m: readonly (readonly number[])[]) =>
  [0, 1, 2].map((j) => f[0]! * m[0]![j]! + f[1]! * m[1]![j]! + f[2]! * m[2]![j]!);
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(...a.map((x, i) => x - b[i]!));

/** The atoms a projection's site names: a label, or the atom at 'f=' (fractional) or 'c=' coordinates. */
function siteAtoms(site: string, structure: Structure, unit: number): number[] {
  const coordinates = /^([fc])=(.*)$/i.exec(site);
  if (!coordinates)
    return structure.species.flatMap((s, i) => (s.toLowerCase() === site.toLowerCase() ? [i] : []));
  const values = coordinates[2]!.split(',').map(Number);
  const lattice = structure.lattice;
  const position =
    coordinates[1]!.toLowerCase() === 'f'
      ? lattice
        ? dot(values, lattice)
        : undefined
      : values.map((x) => x * unit);
  if (!position) return [];
  const tolerance = 1e-3 * ANGSTROM;
  return structure.positions.flatMap((p, i) => (distance(p, position) < tolerance ? [i] : []));
}

/**
 * The k-points of each path section: Wannier90 gives the first section 'Divisions along first K-path
 * section' points and the others as many in proportion to their length; the last point closes the path.
 */
function bandPath(out: WannierOutput): { start: string; end: string; points: number[][] }[] {
  const reciprocal = out.reciprocal.slice(-3);
  const first = out.settings.firstDivisions;
  if (reciprocal.length < 3 || first === undefined || out.path.length === 0) return [];
  const lengths = out.path.map((section) =>
    distance(dot(section.start, reciprocal), dot(section.end, reciprocal)),
  );
  const step = lengths[0]! / first;
  return out.path.map((section, n) => {
    const count = n === 0 ? first : Math.round(lengths[n]! / step);
    const points = Array.from({ length: count }, (_, i) =>
      section.start.map((x, j) => x + (i * (section.end[j]! - x)) / count),
    );
    if (n === out.path.length - 1) points.push([...section.end]);
    return { start: section.from, end: section.to, points };
  });
}

function bandStructure(out: WannierOutput, band: ReturnType<typeof readColumns>, fermi: number | undefined) {
  const sections = bandPath(out);
  const nKpoints = sections.reduce((sum, section) => sum + section.points.length, 0);
  const bands = band.blocks;
  if (sections.length === 0 || bands.some((rows) => rows.length !== nKpoints)) return undefined;
  let offset = 0;
  const segment = sections.map((section) => {
    const count = section.points.length;
    const energies = [
      section.points.map((_, k) => bands.map((rows) => rows[offset + k]![1]! * ELECTRON_VOLT)),
    ];
    offset += count;
    return {
      n_kpoints: count,
      kpoints: section.points,
      endpoints_labels: [section.start, section.end],
      energies,
    };
  });
  // The .wout's b vectors hold the 2π; a band structure's reciprocal_cell does not (electronic-kspace.ts).
  const reciprocal = out.reciprocal.slice(-3).map((row) => row.map((x) => x / ANGSTROM / (2 * Math.PI)));
  return {
    ...(fermi !== undefined ? { energy_fermi: fermi } : {}),
    ...(reciprocal.length === 3 ? { reciprocal_cell: reciprocal } : {}),
    segment,
  };
}

function methodOf(out: WannierOutput, side: WannierSideFiles, groups: number[][]): RunMethod {
  const { nWannier, nBands, iterations, tolerance } = out.settings;
  const wannier: NonNullable<NonNullable<RunMethod['tb']>['wannier']> = {};
  if (nWannier !== undefined) wannier.n_projected_orbitals = nWannier;
  if (nBands !== undefined) wannier.n_bands = nBands;
  // Without iterations of the spread minimisation the functions are a single projection.
  if (iterations !== undefined) wannier.is_maximally_localized = iterations > 0;
  if (tolerance !== undefined) wannier.convergence_tolerance_max_localization = tolerance;
  if (out.outer) wannier.energy_window_outer = out.outer;
  if (out.inner) wannier.energy_window_inner = out.inner;
  const method: RunMethod = { tb: { name: 'Wannier', wannier } };
  if (out.grid)
    method.k_mesh = {
      dimensionality: 3,
      n_points: out.grid.total,
      grid: out.grid.grid,
      ...(out.kpoints.length > 0 ? { points: out.kpoints } : {}),
    };
  const projections: WannierProjection[] = side.win?.projections ?? [];
  if (projections.length > 0)
    method.atom_parameters = projections.map((projection, i) => ({
      n_orbitals: projection.orbitals.length,
      orbitals: projection.orbitals,
      ...(groups[i]?.length ? { label: projection.site } : {}),
    }));
  return method;
}

export function wannierArchive(out: WannierOutput, side: WannierSideFiles): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'All done: wannier90 exiting': the run did not finish");
  const lattice = out.lattice.slice(-3);
  if (out.sites.length === 0) throw new Error('the output stops before its sites (no structure)');
  const structure: Structure = {
    species: out.sites.map((site) => site.label),
    positions: out.sites.map((site) => site.cartesian.map((x) => x * ANGSTROM) as Vec3),
    lattice: lattice.length === 3 ? (lattice.map((row) => row.map((x) => x * ANGSTROM)) as Mat3) : null,
    periodic: lattice.length === 3 ? [true, true, true] : [false, false, false],
  };
  const unit = side.win?.unit === 'bohr' ? BOHR : ANGSTROM;
  const projections = side.win?.random ? [] : (side.win?.projections ?? []);
  const groups = projections.map((projection) => siteAtoms(projection.site, structure, unit));
  const method = methodOf(out, side, groups);
  const calculation: RunCalculation = { system_ref: '/run/0/system/0', method_ref: '/run/0/method/0' };
  const fermi = side.win?.fermi !== undefined ? side.win.fermi * ELECTRON_VOLT : undefined;
  if (fermi !== undefined) calculation.energy = { fermi };
  const hr = side.hr;
  if (hr && hr.rows.length === hr.degeneracies.length * hr.nOrbitals ** 2) {
    const perPoint = hr.nOrbitals ** 2;
    calculation.hopping_matrix = [
      {
        n_orbitals: hr.nOrbitals,
        n_wigner_seitz_points: hr.degeneracies.length,
        degeneracy_factors: hr.degeneracies,
        value: hr.degeneracies.map((_, w) => hr.rows.slice(w * perPoint, (w + 1) * perPoint)),
      },
    ];
  } else if (hr)
    warnings.push('the _hr.dat has not as many rows as its Wigner-Seitz points and orbitals: not read');
  const band = side.band && bandStructure(out, side.band, fermi);
  if (band) calculation.band_structure_electronic = [band];
  else if (side.band) warnings.push('the _band.dat does not fit the k-path of the output: not read');
  const dos = side.dos?.blocks[0];
  if (dos && dos.length > 0)
    calculation.dos_electronic = [
      {
        n_energies: dos.length,
        energies: dos.map((row) => row[0]! * ELECTRON_VOLT),
        ...(fermi !== undefined ? { energy_fermi: fermi } : {}),
        total: [{ value: dos.map((row) => (row[1] ?? 0) / ELECTRON_VOLT) }],
      },
    ];
  const run = codeRun('Wannier90', out.version, method, [structure], [calculation]) as WithCodeSpecific<
    ReturnType<typeof codeRun>
  >;
  const system = run.system![0]! as RunSystem;
  const reciprocal = out.reciprocal.slice(-3);
  if (reciprocal.length === 3 && system.atoms)
    system.atoms.lattice_vectors_reciprocal = reciprocal.map((row) => row.map((x) => x / ANGSTROM));
  const used = groups.filter((atoms) => atoms.length > 0);
  if (used.length > 0)
    system.atoms_group = groups.flatMap((atoms) =>
      atoms.length > 0
        ? [
            {
              label: 'projection',
              type: 'active_orbitals',
              index: 0,
              is_molecule: false,
              n_atoms: atoms.length,
              atom_indices: atoms,
            },
          ]
        : [],
    );
  if (out.spread !== undefined) run.x_wannier90_final_spread = out.spread * ANGSTROM ** 2;
  if (out.runTime !== undefined) run.time_run = { wall_start: 0, wall_end: out.runTime };
  return { run, workflow2: singlePoint(), structure, warnings };
}
