// The normaliser chain, in the order NOMAD runs its normalisers: material (and structures) first,
// because method and properties read it.
import { materialNormalizer } from './material-normalizer.ts';
import { isSection, type Normalizer, type NormalizerContext } from './normalizer.ts';
import { workflowNormalizer } from './workflow-normalizer.ts';
import { methodNormalizer } from './method-normalizer.ts';
import { electronicNormalizer } from './electronic-normalizer.ts';
import { propertiesNormalizer } from './properties-normalizer.ts';
import { availablePropertiesNormalizer } from './available-properties.ts';

const NORMALIZERS: readonly Normalizer[] = [
  materialNormalizer,
  // Workflow results first: results.method and the properties read workflow2.
  workflowNormalizer,
  methodNormalizer,
  electronicNormalizer,
  propertiesNormalizer,
  // Last: it lists what the others produced.
  availablePropertiesNormalizer,
];

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs every normaliser on the archive. A failing normaliser is logged as an ERROR and the others
 * still run; results stays absent when no normaliser produced anything.
 */
export async function normalizeArchive(
  context: Omit<NormalizerContext, 'archive'> & { archive: Record<string, unknown> },
  normalizers: readonly Normalizer[] = NORMALIZERS,
): Promise<void> {
  const { archive } = context;
  const results = isSection(archive.results) ? archive.results : {};
  archive.results = results;
  const full: NormalizerContext = { ...context, archive: archive as NormalizerContext['archive'] };
  for (const normalizer of normalizers) {
    try {
      await normalizer.normalize(full);
    } catch (error) {
      context.log('ERROR', `${normalizer.name} normalizer failed: ${errorMessage(error)}`);
    }
  }
  if (Object.keys(results).length === 0) delete archive.results;
}
