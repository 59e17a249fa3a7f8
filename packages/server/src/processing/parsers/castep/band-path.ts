// The band-structure path of a CASTEP .cell file (BS_KPOINT_PATH or SPECTRAL_KPOINT_PATH, labels in
// the comments: '0.5 0.0 0.5 ! X'), and the segments of band energies between its vertices.
import type { BandEnergies } from '@oasis/schema';

type Vec = [number, number, number];

export type KpointPath = { point: Vec; label?: string }[];

const PATH_BLOCK = /^\s*%block\s+(?:bs|spectral)_kpoints?_path\s*$/i;
const END_BLOCK = /^\s*%endblock\b/i;

/** Labels as NOMAD writes them: Γ for the centre. */
const label = (text: string | undefined): string | undefined => {
  const word = text?.trim().split(/\s+/)[0];
  if (!word) return undefined;
  return /^(?:G|Gamma|GM|\\Gamma)$/i.test(word) ? 'Γ' : word;
};

export function readKpointPath(text: string): KpointPath | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => PATH_BLOCK.test(line));
  if (start < 0) return undefined;
  const path: KpointPath = [];
  for (const line of lines.slice(start + 1)) {
    if (END_BLOCK.test(line)) break;
    const [values, comment] = line.split(/[!#]/, 2) as [string, string | undefined];
    const numbers = values.trim().split(/\s+/).map(Number);
    // A 'BREAK' line or a spacing line ('bs_kpoint_path_spacing') is no vertex.
    if (numbers.length < 3 || numbers.some(Number.isNaN)) continue;
    const name = label(comment);
    path.push({ point: [numbers[0]!, numbers[1]!, numbers[2]!], ...(name ? { label: name } : {}) });
  }
  return path.length >= 2 ? path : undefined;
}

const same = (a: Vec, b: Vec) => a.every((x, i) => Math.abs(x - b[i]!) < 1e-4);

/**
 * band_structure_electronic.segment between consecutive vertices (both ends included), energies in
 * [spin][k-point][band]; undefined when the k-points do not pass through the vertices in order.
 */
export function bandStructureOf(
  path: KpointPath,
  kpoints: Vec[],
  energies: number[][][],
): BandEnergies[] | undefined {
  const at: number[] = [];
  let from = 0;
  for (const vertex of path) {
    const index = kpoints.findIndex((k, i) => i >= from && same(k, vertex.point));
    if (index < 0) return undefined;
    at.push(index);
    from = index;
  }
  return at.slice(1).map((end, segment) => {
    const begin = at[segment]!;
    const labels = [path[segment]!.label, path[segment + 1]!.label];
    return {
      n_kpoints: end - begin + 1,
      kpoints: kpoints.slice(begin, end + 1),
      energies: energies.map((spin) => spin.slice(begin, end + 1)),
      ...(labels.every((l) => l !== undefined) ? { endpoints_labels: labels } : {}),
    };
  });
}
