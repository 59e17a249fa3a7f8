// results.properties.vibrational as NOMAD's results normaliser makes it: references to the last run's
// phonon band structure and DOS, and, for a Phonon workflow, to the heat capacity and vibrational free
// energy against temperature in its results.
import { indexedSections } from './archive-path.ts';
import { isSection, type Section } from './normalizer.ts';
import { workflowClassName } from './workflow.ts';

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'number');

/** The last calculation (by path) of the last run that has a `key` section, with that section's path. */
function lastWith(archive: Section, key: string): { path: string; section: Section } | undefined {
  const runs = indexedSections(archive.run);
  for (const [r, run] of [...runs].reverse())
    for (const [c, calc] of [...indexedSections(run.calculation)].reverse()) {
      const items = indexedSections(calc[key]);
      const last = items[items.length - 1];
      if (last) return { path: `/run/${r}/calculation/${c}/${key}/${last[0]}`, section: last[1] };
    }
  return undefined;
}

export function vibrationalProperties(archive: Section): Section | undefined {
  const vibrational: Section = {};
  const bands = lastWith(archive, 'band_structure_phonon');
  if (bands) {
    const segments = indexedSections(bands.section.segment);
    if (segments.length > 0)
      vibrational.band_structure_phonon = {
        segment: segments.map(([i]) => `${bands.path}/segment/${i}`),
        ...(bands.section.reciprocal_cell !== undefined
          ? { reciprocal_cell: `${bands.path}/reciprocal_cell` }
          : {}),
      };
  }
  const dos = lastWith(archive, 'dos_phonon');
  if (dos && isNumbers(dos.section.energies)) {
    const totals = indexedSections(dos.section.total);
    if (totals.length > 0)
      vibrational.dos_phonon = {
        energies: `${dos.path}/energies`,
        total: totals.map(([i]) => `${dos.path}/total/${i}`),
      };
  }
  const workflow = archive.workflow2;
  const results =
    isSection(workflow) && workflowClassName(workflow) === 'Phonon' ? workflow.results : undefined;
  if (isSection(results) && isNumbers(results.temperature)) {
    if (isNumbers(results.heat_capacity_c_v))
      vibrational.heat_capacity_constant_volume = {
        heat_capacities: '/workflow2/results/heat_capacity_c_v',
        temperatures: '/workflow2/results/temperature',
      };
    if (isNumbers(results.vibrational_free_energy_at_constant_volume))
      vibrational.energy_free_helmholtz = {
        energies: '/workflow2/results/vibrational_free_energy_at_constant_volume',
        temperatures: '/workflow2/results/temperature',
      };
  }
  return Object.keys(vibrational).length > 0 ? vibrational : undefined;
}
