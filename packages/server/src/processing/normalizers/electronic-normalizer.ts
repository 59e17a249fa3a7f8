// results.properties.electronic (band structure and DOS with band gaps) from the run.
import { fillMissing } from './archive-path.ts';
import { electronicProperties } from './electronic.ts';
import { ensureSection, isSection, type Normalizer } from './normalizer.ts';

export const electronicNormalizer: Normalizer = {
  name: 'electronic',
  normalize: ({ archive, log }) => {
    const computed = electronicProperties(archive, log);
    if (!computed) return;
    const properties = ensureSection(archive.results, 'properties');
    // Values an uploaded archive brought along win over computed ones.
    if (isSection(properties.electronic)) fillMissing(properties.electronic, computed);
    else properties.electronic = computed;
  },
};
