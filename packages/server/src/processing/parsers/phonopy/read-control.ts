// The 'phonon' keywords of a phonopy-FHI-aims control.in and the species masses: what the displaced
// supercells were made with (supercell matrix, displacement) and what to compute (band path, DOS,
// free energy). The meaning of each number follows the phonopy-FHI-aims script's reading of them.
import type { Mat3, Vec3 } from '@oasis/chem';

/** Units phonopy-FHI-aims reports frequencies in. */
type FrequencyUnit = 'cm^-1' | 'THz' | 'meV';

interface BandSegment {
  /** Reciprocal fractional coordinates of the unit cell. */
  start: Vec3;
  end: Vec3;
  /** q-points of the segment, both ends included. */
  points: number;
  labels: [string, string];
}

export interface PhononControl {
  /** Integer matrix: rows give the supercell vectors in unit-cell vectors. */
  supercell: Mat3;
  /** Å */
  displacement: number;
  symmetryThreshold?: number;
  frequencyUnit: FrequencyUnit;
  bands: BandSegment[];
  /** Frequencies in frequencyUnit: the grid runs from min to max in `points` steps. */
  dos?: { min: number; max: number; points: number; broadening: number; mesh: Vec3 };
  /** K: temperatures from min to max in `points` steps. */
  freeEnergy?: { min: number; max: number; points: number; mesh: Vec3 };
  /** Whether a non-analytic (Born charge) correction was asked for: not applied here. */
  nac: boolean;
  /** amu per species from the species blocks' 'mass' lines. */
  masses: Map<string, number>;
}

const UNITS: readonly FrequencyUnit[] = ['cm^-1', 'THz', 'meV'];

function numbers(fields: readonly string[], what: string): number[] {
  const values = fields.map(Number);
  if (values.some((x) => !Number.isFinite(x))) throw new Error(`control.in: cannot read '${what}'`);
  return values;
}

/** One or three q-mesh numbers ('50' means 50 x 50 x 50). */
function mesh(fields: readonly string[], what: string): Vec3 {
  const values = numbers(fields, what);
  const grid = (values.length >= 3 ? values.slice(0, 3) : [values[0], values[0], values[0]]) as Vec3;
  if (!grid.every((n) => Number.isInteger(n) && n > 0))
    throw new Error(`control.in: bad q-mesh in '${what}'`);
  return grid;
}

function supercellMatrix(fields: readonly string[], line: string): Mat3 {
  const values = numbers(fields.slice(0, fields.length >= 9 ? 9 : 3), line);
  if (!values.every(Number.isInteger))
    throw new Error(`control.in: the supercell must be integers: '${line}'`);
  if (values.length === 9) return [values.slice(0, 3), values.slice(3, 6), values.slice(6, 9)] as Mat3;
  if (values.length === 3)
    return [
      [values[0]!, 0, 0],
      [0, values[1]!, 0],
      [0, 0, values[2]!],
    ];
  throw new Error(`control.in: 'phonon supercell' needs 3 or 9 integers: '${line}'`);
}

export function readPhononControl(text: string): PhononControl {
  let supercell: Mat3 | undefined;
  const control: Omit<PhononControl, 'supercell'> = {
    // phonopy-FHI-aims' defaults.
    displacement: 0.001,
    frequencyUnit: 'cm^-1',
    bands: [],
    nac: false,
    masses: new Map(),
  };
  let species: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const fields = line.split(/\s+/);
    const [key, kind] = fields;
    if (key === 'species' && kind) species = kind;
    else if (key === 'mass' && species && kind) control.masses.set(species, numbers([kind], line)[0]!);
    if (key !== 'phonon' || fields.length < 3) continue;
    const rest = fields.slice(2);
    if (kind === 'supercell') supercell = supercellMatrix(rest, line);
    else if (kind === 'displacement') control.displacement = numbers(rest.slice(0, 1), line)[0]!;
    else if (kind === 'symmetry_thresh') control.symmetryThreshold = numbers(rest.slice(0, 1), line)[0]!;
    // Both spellings occur: the manual's 'frequency_unit' and the sample's 'frequency_units'.
    else if (kind === 'frequency_unit' || kind === 'frequency_units') {
      const unit = UNITS.find((u) => u === rest[0]);
      if (!unit) throw new Error(`control.in: unknown frequency unit '${rest[0]}'`);
      control.frequencyUnit = unit;
    } else if (kind === 'nac') control.nac = true;
    else if (kind === 'band' && rest.length >= 9) {
      const q = numbers(rest.slice(0, 7), line);
      control.bands.push({
        start: q.slice(0, 3) as Vec3,
        end: q.slice(3, 6) as Vec3,
        points: q[6]!,
        labels: [rest[7]!, rest[8]!],
      });
    } else if (kind === 'dos' && rest.length >= 5) {
      const [min, max, points, broadening] = numbers(rest.slice(0, 4), line) as [
        number,
        number,
        number,
        number,
      ];
      control.dos = { min, max, points, broadening, mesh: mesh(rest.slice(4), line) };
    } else if (kind === 'free_energy' && rest.length >= 4) {
      const [min, max, points] = numbers(rest.slice(0, 3), line) as [number, number, number];
      control.freeEnergy = { min, max, points, mesh: mesh(rest.slice(3), line) };
    }
  }
  if (!supercell) throw new Error("control.in has no 'phonon supercell' line");
  return { supercell, ...control };
}
