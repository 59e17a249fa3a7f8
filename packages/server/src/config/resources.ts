import { ConfigError } from './config-schema.ts';
import { trimmedText } from './text-value.ts';

/** A database asked through its OPTIMADE API. */
export interface OptimadeProvider {
  name: string;
  /** The versioned base URL, ending with '/', e.g. https://optimade.example.org/v1/ */
  baseUrl: string;
  /** The record's page, `{id}` standing for its OPTIMADE id; without it, the OPTIMADE record itself. */
  entryUrl?: string;
}

/** The resources API (`resources:` in nomad.yaml; docs/configuration.md). */
export interface ResourcesConfig {
  providers: OptimadeProvider[];
  /** How long one database may take to answer. */
  timeoutMs: number;
  /** How long what a database answered is shown before it is asked again. */
  maxAgeMs: number;
  /** How many materials' answers are kept (least recently asked go first). */
  maxMaterials: number;
}

const asPositive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

/**
 * Reads the `resources` section. No database is asked unless the operator names some: an entry page
 * would otherwise send the formulas of unpublished materials to other sites (NOMAD asks eight by default).
 */
export const readResourcesConfig = (doc: Record<string, unknown>): ResourcesConfig => {
  const listed = Array.isArray(doc.optimade_providers) ? doc.optimade_providers : [];
  const providers = listed.map((item: unknown, index): OptimadeProvider => {
    const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const name = trimmedText(record.name);
    const baseUrl = trimmedText(record.base_url);
    if (!name || !baseUrl || !/^https?:\/\//.test(baseUrl))
      throw new ConfigError(`resources.optimade_providers[${index}] needs a name and an http(s) base_url.`);
    const entryUrl = trimmedText(record.entry_url);
    return {
      name,
      baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
      ...(entryUrl ? { entryUrl } : {}),
    };
  });
  return {
    providers,
    timeoutMs: asPositive(doc.timeout, 10) * 1000,
    maxAgeMs: asPositive(doc.max_age, 3 * 24 * 3600) * 1000,
    maxMaterials: Math.floor(asPositive(doc.max_materials, 1000)),
  };
};
