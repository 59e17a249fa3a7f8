import type { DataciteConfig } from '../config/datacite.ts';

interface DoiCreator {
  /** As DataCite shows it: "Family, Given". */
  name: string;
  givenName?: string;
  familyName?: string;
  affiliation?: string;
}

export interface DoiMetadata {
  title: string;
  creators: readonly DoiCreator[];
  publicationYear: number;
  /** The landing page the DOI resolves to. */
  url: string;
}

/** DataCite refused or could not be reached; the message says which, without credentials. */
export class DataciteError extends Error {
  override name = 'DataciteError';
}

/** DataCite answers within seconds; a hung connection must not hold the request forever. */
const TIMEOUT_MS = 30_000;

const creatorOf = (creator: DoiCreator) => ({
  name: creator.name,
  nameType: 'Personal',
  ...(creator.givenName ? { givenName: creator.givenName } : {}),
  ...(creator.familyName ? { familyName: creator.familyName } : {}),
  ...(creator.affiliation ? { affiliation: [{ name: creator.affiliation }] } : {}),
});

/** The JSON:API document that creates a findable DOI under the prefix (DataCite picks the suffix). */
const doiRequestBody = (config: DataciteConfig, metadata: DoiMetadata) => ({
  data: {
    type: 'dois',
    attributes: {
      prefix: config.prefix,
      event: 'publish',
      titles: [{ title: metadata.title }],
      creators: metadata.creators.map(creatorOf),
      publisher: config.publisher,
      publicationYear: metadata.publicationYear,
      types: { resourceTypeGeneral: 'Dataset', resourceType: 'Dataset' },
      url: metadata.url,
      schemaVersion: 'http://datacite.org/schema/kernel-4',
    },
  },
});

/** Registers and publishes a DOI with DataCite's REST API (POST /dois); returns the DOI. */
export const registerDoi = async (config: DataciteConfig, metadata: DoiMetadata): Promise<string> => {
  const auth = Buffer.from(`${config.user}:${config.password}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(`${config.url}/dois`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json', authorization: `Basic ${auth}` },
      body: JSON.stringify(doiRequestBody(config, metadata)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new DataciteError(
      `DataCite could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text();
  if (!response.ok) throw new DataciteError(`DataCite answered ${response.status}: ${text.slice(0, 500)}`);
  let doi: unknown;
  try {
    const body = JSON.parse(text) as { data?: { id?: unknown; attributes?: { doi?: unknown } } };
    doi = body.data?.attributes?.doi ?? body.data?.id;
  } catch {
    throw new DataciteError('DataCite answered with something other than JSON.');
  }
  if (typeof doi !== 'string' || !doi.startsWith(`${config.prefix}/`))
    throw new DataciteError('DataCite answered without a DOI under the configured prefix.');
  return doi;
};
