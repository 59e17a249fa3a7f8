// FHI-aims' species-projected DOS ('output species_proj_dos Emin Emax n broadening'): per species
// '<species>_l_proj_dos.dat' (eV against the chemical potential its header names), else the raw
// '<species>_l_proj_dos_raw.dat' (absolute eV); spin-polarised runs write '_spin_up' and '_spin_dn'
// files. Columns, as the header names them: energy, the species' total, then l = 0, 1, ... (states/eV).
import { ELECTRON_VOLT } from '@oasis/chem';
import type { RunCalculation, RunDos, RunDosValues } from '@oasis/schema';
import { siblingText } from '../sibling-files.ts';
import { numbersIn } from '../../text/numbers.ts';

/** A projected DOS file is read whole up to this size. */
const MAX_FILE_BYTES = 16 * 1024 ** 2;
/** Species looked for (more is no hand-written geometry.in). */
const MAX_SPECIES = 120;
const ORBITALS = ['s', 'p', 'd', 'f', 'g', 'h', 'i'];
/** Two energy grids are the same when they agree to this (eV, as printed with 8 decimals). */
const GRID_TOLERANCE = 1e-6;

interface ProjectedFile {
  /** Absolute energies, eV. */
  energies: number[];
  fermi?: number;
  /** The species' total, then l = 0, 1, ...; states/eV. */
  columns: number[][];
}

/** One file's table, or a sentence saying what is wrong with it. */
function readProjectedFile(
  text: string,
  name: string,
  expectedRows: number | undefined,
): ProjectedFile | string {
  const lines = text.split(/\r?\n/);
  const header = lines.find((line) => /^\s*#.*total dos/i.test(line));
  if (!header) return `${name} has no column header ('Energy (eV)  total dos  l= 0 ...')`;
  const width = 2 + [...header.matchAll(/l\s*=\s*\d+/g)].length;
  const mu = /chemical potential, mu\s*=\s*(\S+)\s*eV/.exec(text);
  const shift = mu ? Number(mu[1]) : 0;
  const rows = lines.filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#')).map(numbersIn);
  const broken = rows.findIndex((row) => row.length !== width || row.some((x) => !Number.isFinite(x)));
  if (broken >= 0)
    return `${name} has a row of ${rows[broken]!.length} numbers where the header names ${width}`;
  if (rows.length === 0) return `${name} has no energies`;
  if (expectedRows !== undefined && rows.length !== expectedRows)
    return `${name} has ${rows.length} of the ${expectedRows} energies 'output species_proj_dos' asks for`;
  return {
    energies: rows.map((row) => row[0]! + shift),
    ...(mu ? { fermi: shift } : {}),
    columns: Array.from({ length: width - 1 }, (_, column) => rows.map((row) => row[column + 1]!)),
  };
}

/** The shifted file, else the raw one, of one species and spin channel. */
async function readSpecies(
  mainfile: string,
  rawRoot: string,
  stem: string,
  expectedRows: number | undefined,
): Promise<ProjectedFile | string> {
  for (const name of [`${stem}.dat`, `${stem}_raw.dat`]) {
    const file = await siblingText(mainfile, rawRoot, name, MAX_FILE_BYTES);
    if (!file) continue;
    return 'problem' in file ? file.problem : readProjectedFile(file.text, name, expectedRows);
  }
  return `${stem}.dat of 'output species_proj_dos' is missing`;
}

const sameGrid = (a: unknown, b: number[]): boolean =>
  Array.isArray(a) &&
  a.length === b.length &&
  b.every(
    (e, i) => Math.abs((a[i] as number) / ELECTRON_VOLT - e) <= GRID_TOLERANCE * Math.max(1, Math.abs(e)),
  );

/** Column 0 is the species' total over l, the others l = 0, 1, ... summed over m. */
function valuesOf(
  label: string,
  file: ProjectedFile,
  spin: number,
): { species: RunDosValues; orbitals: RunDosValues[] } {
  const [total, ...byL] = file.columns;
  return {
    species: { atom_label: label, spin, value: total!.map((v) => v / ELECTRON_VOLT) },
    orbitals: byL.map((column, l) => ({
      atom_label: label,
      orbital: ORBITALS[l] ?? `l=${l}`,
      spin,
      value: column.map((v) => v / ELECTRON_VOLT),
    })),
  };
}

/**
 * Adds the species-projected DOS to the calculation's dos_electronic: into the total DOS section of
 * its spin channel when both share an energy grid, else into a section of its own. A file that is
 * missing or malformed is a warning naming it; the other species are still read.
 */
export async function addSpeciesProjectedDos(
  calculation: RunCalculation,
  species: readonly string[],
  request: string,
  spins: number,
  mainfile: string,
  rawRoot: string,
  warn: (event: string) => void,
): Promise<void> {
  const requested = numbersIn(request)[2];
  const expectedRows = requested !== undefined && Number.isInteger(requested) ? requested : undefined;
  const labels = [...new Set(species)].slice(0, MAX_SPECIES);
  const suffixes = spins === 2 ? ['_spin_up', '_spin_dn'] : [''];
  const dos: RunDos[] = [...(calculation.dos_electronic ?? [])];
  for (const [spin, suffix] of suffixes.entries()) {
    for (const label of labels) {
      if (label.includes('/')) continue;
      const file = await readSpecies(mainfile, rawRoot, `${label}_l_proj_dos${suffix}`, expectedRows);
      if (typeof file === 'string') {
        warn(file);
        continue;
      }
      let section = dos.find((s) => s.spin_channel === spin && sameGrid(s.energies, file.energies));
      if (!section) {
        section = {
          spin_channel: spin,
          n_energies: file.energies.length,
          energies: file.energies.map((e) => e * ELECTRON_VOLT),
          ...(file.fermi !== undefined ? { energy_fermi: file.fermi * ELECTRON_VOLT } : {}),
        };
        dos.push(section);
      }
      const values = valuesOf(label, file, spin);
      section.species_projected = [...(section.species_projected ?? []), values.species];
      section.orbital_projected = [...(section.orbital_projected ?? []), ...values.orbitals];
    }
  }
  if (dos.length > 0) calculation.dos_electronic = dos;
}
