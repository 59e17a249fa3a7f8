// The band path of a phonopy configuration file (`*.conf` beside phonopy.yaml): BAND (q-points in the unit
// cell's reciprocal basis, fractions allowed), BAND_LABELS and BAND_POINTS, as NOMAD reads them.
import type { Vec3 } from '@oasis/chem';
import type { PhononControl } from './read-control.ts';

/** NOMAD's points per segment when BAND_POINTS is not set. */
const DEFAULT_POINTS = 100;

const fraction = (text: string): number => {
  const [numerator, denominator] = text.split('/');
  return denominator === undefined ? Number(numerator) : Number(numerator) / Number(denominator);
};

const setting = (text: string, key: string): string | undefined =>
  new RegExp(`^[ \\t]*${key}[ \\t]*=[ \\t]*(.+)$`, 'mi').exec(text)?.[1]?.trim();

/** Consecutive segments between the listed points; none when the file sets no BAND with its labels. */
export function readBandConf(text: string): PhononControl['bands'] {
  const band = setting(text, 'BAND');
  const labels = setting(text, 'BAND_LABELS')?.split(/\s+/);
  if (!band || !labels) return [];
  const values = band.split(/[\s,]+/).map(fraction);
  if (values.some((x) => !Number.isFinite(x)) || values.length !== labels.length * 3) return [];
  const points = Number(setting(text, 'BAND_POINTS') ?? DEFAULT_POINTS);
  const q = labels.map((_, i) => values.slice(3 * i, 3 * i + 3) as Vec3);
  const name = (label: string) => (label === 'G' || label === 'GAMMA' ? 'Γ' : label);
  return q.slice(0, -1).map((start, i) => ({
    start,
    end: q[i + 1]!,
    points: Number.isInteger(points) && points >= 2 ? points : DEFAULT_POINTS,
    labels: [name(labels[i]!), name(labels[i + 1]!)],
  }));
}
