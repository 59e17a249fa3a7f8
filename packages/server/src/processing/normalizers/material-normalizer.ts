// results.material and results.properties.structures from the representative structure.
import { ensureSection, isSection, type Normalizer } from './normalizer.ts';
import { materialFromStructure, structureOriginal } from './material.ts';

export const materialNormalizer: Normalizer = {
  name: 'material',
  normalize: ({ archive, structure, declaredSymmetry, log }) => {
    if (!structure) return;
    const material = materialFromStructure(structure, declaredSymmetry);
    if (material.symmetry)
      log('INFO', 'symmetry in results.material is as declared by the file, not analysed');
    const results = archive.results;
    // Values a parser (or an archive file) brought along win over computed ones.
    results.material = isSection(results.material) ? { ...material, ...results.material } : material;
    ensureSection(results, 'properties', 'structures').structure_original = structureOriginal(structure);
  },
};
