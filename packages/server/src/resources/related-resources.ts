import type { RelatedResource, RelatedResourcesQuery, RelatedResourcesResponse } from '@oasis/schema';
import { compositionOfFormula, reducedFormula } from '../processing/normalizers/formula.ts';
import type { OptimadeProvider, ResourcesConfig } from '../config/resources.ts';

/** The largest answer read from a database: a page of 20 structures is far less. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
/** Records asked of each database for one material. */
const PAGE_LIMIT = 20;

interface Known {
  resources: RelatedResource[];
  retrievedAt: number;
  retrieving?: Promise<void>;
}

/** A formula as OPTIMADE's `chemical_formula_reduced` writes it, however it was written (Na4Cl4: ClNa). */
const optimadeFormula = (formula: string): string | undefined => {
  const counts = compositionOfFormula(formula);
  return counts ? reducedFormula(counts) : undefined;
};

/** A body of at most `limit` bytes, or undefined when it is longer. */
const boundedText = async (response: Response, limit: number): Promise<string | undefined> => {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * The same material in other databases (NOMAD's resources API), asked of the configured OPTIMADE
 * databases by the material's reduced formula. A question is answered at once with what is known; when
 * nothing fresh is, the databases are asked in the background (each within the timeout) and the answer
 * says more is coming. Answers are kept per formula for `maxAge`, for at most `maxMaterials` formulas.
 * Owned by the app; a node keeps its own.
 */
export class RelatedResources {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly config: ResourcesConfig,
    private readonly options: { now: () => number; onError?: (message: string) => void },
  ) {}

  get enabled(): boolean {
    return this.config.providers.length > 0;
  }

  lookup(query: RelatedResourcesQuery): RelatedResourcesResponse {
    const formula = query.chemical_formula_reduced && optimadeFormula(query.chemical_formula_reduced);
    if (!formula || !this.enabled) return { data: [], is_retrieving_more: false };
    let known = this.known.get(formula);
    // Asked again: the most recently asked go last, the least recently asked first out.
    if (known) this.known.delete(formula);
    const stale = !known || this.options.now() - known.retrievedAt > this.config.maxAgeMs;
    if (!known) known = { resources: [], retrievedAt: 0 };
    this.known.set(formula, known);
    if (stale && !known.retrieving) this.retrieve(formula, known);
    while (this.known.size > this.config.maxMaterials) this.known.delete(this.known.keys().next().value!);
    const fresh = !stale || known.retrievedAt > 0;
    return {
      data: fresh ? known.resources : [],
      is_retrieving_more: known.retrieving !== undefined,
    };
  }

  /** Resolves when no database is being asked (for tests and a graceful stop). */
  async idle(): Promise<void> {
    await Promise.all(
      [...this.known.values()].flatMap((known) => (known.retrieving ? [known.retrieving] : [])),
    );
  }

  private retrieve(formula: string, known: Known): void {
    known.retrieving = Promise.all(this.config.providers.map((provider) => this.ask(provider, formula))).then(
      (answers) => {
        known.resources = answers.flat();
        known.retrievedAt = this.options.now();
        known.retrieving = undefined;
      },
    );
  }

  private async ask(provider: OptimadeProvider, formula: string): Promise<RelatedResource[]> {
    const filter = `chemical_formula_reduced="${formula}"`;
    const url = `${provider.baseUrl}structures?filter=${encodeURIComponent(filter)}&page_limit=${PAGE_LIMIT}&response_format=json`;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(this.config.timeoutMs),
        headers: { accept: 'application/vnd.api+json, application/json' },
        redirect: 'follow',
      });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      const text = await boundedText(response, MAX_ANSWER_BYTES);
      if (text === undefined) throw new Error(`its answer is larger than ${MAX_ANSWER_BYTES} bytes`);
      const document = JSON.parse(text) as {
        data?: Array<{ id?: unknown; attributes?: Record<string, unknown> }>;
        meta?: { api_version?: unknown; provider?: { name?: unknown } };
      };
      const retrieved = new Date(this.options.now()).toISOString();
      const version = typeof document.meta?.api_version === 'string' ? document.meta.api_version : undefined;
      return (Array.isArray(document.data) ? document.data : []).flatMap((record) => {
        if (typeof record.id !== 'string' && typeof record.id !== 'number') return [];
        const id = String(record.id);
        return [
          {
            id,
            url: provider.entryUrl
              ? provider.entryUrl.replace('{id}', encodeURIComponent(id))
              : `${provider.baseUrl}structures/${encodeURIComponent(id)}`,
            database_name: provider.name,
            ...(version ? { database_version: version } : {}),
            kind: 'structure',
            comment: `The same reduced formula in ${provider.name}, found through its OPTIMADE API.`,
            available_data: ['id', ...Object.keys(record.attributes ?? {})],
            download_time: retrieved,
          },
        ];
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.onError?.(
        `related resources: ${provider.name} (${provider.baseUrl}) was not asked: ${reason}`,
      );
      return [];
    }
  }
}
