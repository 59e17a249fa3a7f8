// The eigenvalues (.EIG, .KP) and band structure (.bands along the BandLines path) of a SIESTA run.
import { BOHR, ELECTRON_VOLT, type Mat3, type Vec3 } from '@oasis/chem';
import type { RunCalculation } from '@oasis/schema';
import { reciprocalCell } from '../../normalizers/electronic-kspace.ts';
import { latticeConstant } from './archive-method.ts';
import { bandSegments, bandVertices, type SiestaBands } from './read-siesta-bands.ts';
import type { SiestaEigenvalues } from './read-siesta-eig.ts';
import type { SiestaOutput } from './read-siesta.ts';

/**
 * The eigenvalues of the .EIG file (eV), with the .KP k-points made fractional by the cell (rows, m):
 * k_frac_i = a_i · k / 2π.
 */
export function eigenvaluesOf(
  eig: SiestaEigenvalues,
  lattice: Mat3 | null,
): NonNullable<RunCalculation['eigenvalues']>[number] {
  const section: NonNullable<RunCalculation['eigenvalues']>[number] = {
    n_spin_channels: eig.energies.length,
    n_kpoints: eig.energies[0]!.length,
    n_bands: eig.energies[0]![0]?.length ?? 0,
    energies: eig.energies.map((spin) => spin.map((k) => k.map((e) => e * ELECTRON_VOLT))),
  };
  if (eig.kpoints.length > 0 && lattice) {
    section.kpoints = eig.kpoints.map(
      (k) => lattice.map((a) => (a[0] * k[0] + a[1] * k[1] + a[2] * k[2]) / BOHR / (2 * Math.PI)) as Vec3,
    );
    section.kpoints_weights = eig.weights;
  }
  return section;
}

/** The band structure of the .bands file along the BandLines path, when the two agree. */
export function bandStructureOf(
  out: SiestaOutput,
  bands: SiestaBands,
  cell: Mat3 | null,
  warnings: string[],
): NonNullable<RunCalculation['band_structure_electronic']>[number] | undefined {
  const constant = latticeConstant(out.input);
  const vertices = cell && constant !== undefined ? bandVertices(out.input, cell, constant) : undefined;
  const segment = vertices && bandSegments(vertices, bands, ELECTRON_VOLT);
  if (!segment) {
    warnings.push('the .bands file does not follow the BandLines path: its band structure is not read');
    return undefined;
  }
  return { reciprocal_cell: reciprocalCell(cell!), energy_fermi: bands.fermi * ELECTRON_VOLT, segment };
}
