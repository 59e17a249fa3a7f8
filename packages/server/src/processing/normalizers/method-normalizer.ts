// results.method (program, method name, DFT settings, precision) from the run's method sections.
import { fillMissing } from './archive-path.ts';
import { isSection, type Normalizer } from './normalizer.ts';
import { resultsMethod } from './method.ts';

export const methodNormalizer: Normalizer = {
  name: 'method',
  normalize: ({ archive }) => {
    const results = archive.results;
    const material = isSection(results.material) ? results.material : undefined;
    const computed = resultsMethod(archive, material?.structural_type);
    if (!computed) return;
    // Values an uploaded archive brought along win over computed ones.
    if (isSection(results.method)) fillMissing(results.method, computed);
    else results.method = computed;
  },
};
