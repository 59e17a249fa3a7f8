import {
  dateTime,
  integer,
  iri,
  RDF_TYPE,
  RdfGraph,
  text,
  XSD_NS,
  type NamedNode,
  type Subject,
} from '../rdf/graph.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const VCARD = 'http://www.w3.org/2006/vcard/ns#';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';

const LICENSE = 'https://creativecommons.org/licenses/by/4.0/legalcode';
const ENGLISH = 'http://id.loc.gov/vocabulary/iso639-1/en';

/** Where this installation's pages and APIs are, for the links the catalogue gives. */
export interface DcatUrls {
  /** `<origin><base>/dcat` */
  dcat: string;
  /** `<origin><base>/api/v1` */
  api: string;
  /** `<origin><base>/gui` */
  gui: string;
}

interface Person {
  user_id?: string;
  name?: string;
}

/** The fields of an entry's search document the mapping reads. */
export interface DcatEntry {
  entry_id: string;
  entry_name?: string;
  mainfile?: string;
  upload_create_time?: string;
  last_processing_time?: string;
  comment?: string | null;
  references?: string[];
  main_author?: Person;
  authors?: Person[];
  datasets?: Array<{ dataset_id?: string; dataset_name?: string; doi?: string | null }>;
  results?: { material?: { chemical_formula_hill?: string } };
}

/** The document fields to ask the search for. */
export const DCAT_ENTRY_FIELDS = [
  'entry_id',
  'entry_name',
  'mainfile',
  'upload_create_time',
  'last_processing_time',
  'comment',
  'references',
  'main_author',
  'authors',
  'datasets',
  'results.material.chemical_formula_hill',
];

/**
 * Published entries as DCAT datasets (NOMAD's DCAT mapping): identifier, times, title, description,
 * landing page, licence, language, publisher and creators, a contact point, and three distributions (the
 * API, the archive as JSON, the raw files as a zip). Unlike NOMAD's, people carry no e-mail address (this
 * server shows addresses to nobody), titles fall back to the entry's name rather than 'unavailable', and
 * the links point at this installation instead of NOMAD's central one. The NOMAD datasets an entry is in
 * are datasets of the catalogue too, and the entry is `dct:isPartOf` them.
 */
export class DcatMapping {
  readonly graph = new RdfGraph({
    dcat: DCAT,
    dct: DCT,
    foaf: FOAF,
    vcard: VCARD,
    hydra: HYDRA,
    xsd: XSD_NS,
  });
  private readonly people = new Map<string, Subject>();
  private readonly collections = new Map<string, NamedNode>();

  constructor(private readonly urls: DcatUrls) {}

  entry(entry: DcatEntry): NamedNode {
    const g = this.graph;
    const dataset = iri(`${this.urls.dcat}/datasets/${encodeURIComponent(entry.entry_id)}`);
    const title =
      entry.results?.material?.chemical_formula_hill ?? entry.entry_name ?? entry.mainfile ?? entry.entry_id;
    g.add(dataset, RDF_TYPE, iri(`${DCAT}Dataset`));
    g.add(dataset, `${DCT}identifier`, text(entry.entry_id));
    if (entry.upload_create_time) g.add(dataset, `${DCT}issued`, dateTime(entry.upload_create_time));
    if (entry.last_processing_time) g.add(dataset, `${DCT}modified`, dateTime(entry.last_processing_time));
    g.add(
      dataset,
      `${DCAT}landingPage`,
      iri(`${this.urls.gui}/entry/id/${encodeURIComponent(entry.entry_id)}`),
    );
    g.add(dataset, `${DCT}title`, text(title));
    if (entry.comment) g.add(dataset, `${DCT}description`, text(entry.comment));
    g.add(dataset, `${DCT}license`, iri(LICENSE));
    g.add(dataset, `${DCT}language`, iri(ENGLISH));
    for (const reference of entry.references ?? [])
      if (/^https?:\/\//.test(reference)) g.add(dataset, `${DCT}references`, iri(reference));
    if (entry.main_author) {
      g.add(dataset, `${DCT}publisher`, this.person(entry.main_author));
      g.add(dataset, `${DCAT}contactPoint`, this.contact(entry.main_author));
    }
    for (const author of entry.authors ?? []) g.add(dataset, `${DCT}creator`, this.person(author));
    for (const member of entry.datasets ?? [])
      if (member.dataset_id) g.add(dataset, `${DCT}isPartOf`, this.collection(member));
    this.distributions(dataset, entry, title);
    return dataset;
  }

  /** A catalogue page: its datasets, and as a hydra collection its size and the first and next pages. */
  catalog(entries: DcatEntry[], page: { total: number; first: string; next?: string }): void {
    const g = this.graph;
    const catalog = iri(`${this.urls.dcat}/catalog/`);
    g.add(catalog, RDF_TYPE, iri(`${DCAT}Catalog`));
    g.add(catalog, `${DCT}title`, text('Published entries of this NOMAD Oasis'));
    for (const entry of entries) g.add(catalog, `${DCAT}dataset`, this.entry(entry));
    for (const collection of this.collections.values()) g.add(catalog, `${DCAT}dataset`, collection);
    g.add(catalog, RDF_TYPE, iri(`${HYDRA}Collection`));
    g.add(catalog, `${HYDRA}totalItems`, integer(page.total));
    g.add(catalog, `${HYDRA}first`, iri(page.first));
    if (page.next) g.add(catalog, `${HYDRA}next`, iri(page.next));
  }

  private collection(member: { dataset_id?: string; dataset_name?: string; doi?: string | null }): NamedNode {
    const id = member.dataset_id!;
    const known = this.collections.get(id);
    if (known) return known;
    const g = this.graph;
    const node = iri(`${this.urls.gui}/dataset/id/${encodeURIComponent(id)}`);
    g.add(node, RDF_TYPE, iri(`${DCAT}Dataset`));
    g.add(node, `${DCT}identifier`, text(id));
    if (member.doi) g.add(node, `${DCT}identifier`, iri(`https://doi.org/${member.doi}`));
    g.add(node, `${DCT}title`, text(member.dataset_name ?? id));
    g.add(node, `${DCAT}landingPage`, node);
    this.collections.set(id, node);
    return node;
  }

  private person(person: Person): Subject {
    const key = person.user_id ?? person.name ?? '';
    const known = this.people.get(key);
    if (known) return known;
    const node = this.graph.blank();
    this.graph.add(node, RDF_TYPE, iri(`${FOAF}Person`));
    if (person.name) this.graph.add(node, `${FOAF}name`, text(person.name));
    this.people.set(key, node);
    return node;
  }

  private contact(person: Person): Subject {
    const node = this.person(person);
    this.graph.add(node, RDF_TYPE, iri(`${VCARD}Individual`));
    if (person.name) this.graph.add(node, `${VCARD}fn`, text(person.name));
    return node;
  }

  private distributions(dataset: NamedNode, entry: DcatEntry, title: string): void {
    const g = this.graph;
    const id = encodeURIComponent(entry.entry_id);
    const service = g.blank();
    g.add(service, RDF_TYPE, iri(`${DCAT}DataService`));
    g.add(service, `${DCT}title`, text('NOMAD API'));
    g.add(service, `${DCAT}endpointURL`, iri(`${this.urls.api}/`));
    g.add(service, `${DCAT}endpointDescription`, iri(`${this.urls.api}/openapi.json`));
    const overApi = g.blank();
    g.add(overApi, RDF_TYPE, iri(`${DCAT}Distribution`));
    g.add(overApi, `${DCT}title`, text(`${title} (API)`));
    g.add(overApi, `${DCAT}accessService`, service);
    g.add(overApi, `${DCAT}accessURL`, iri(`${this.urls.api}/entries/${id}`));
    const archive = g.blank();
    g.add(archive, RDF_TYPE, iri(`${DCAT}Distribution`));
    g.add(archive, `${DCT}title`, text(`${title} (archive)`));
    g.add(archive, `${DCAT}mediaType`, iri('https://www.iana.org/assignments/media-types/application/json'));
    g.add(archive, `${DCAT}downloadURL`, iri(`${this.urls.api}/entries/${id}/archive/download`));
    g.add(archive, `${DCAT}accessURL`, iri(`${this.urls.gui}/entry/id/${id}`));
    const raw = g.blank();
    g.add(raw, RDF_TYPE, iri(`${DCAT}Distribution`));
    g.add(raw, `${DCT}title`, text(`${title} (raw files)`));
    g.add(raw, `${DCAT}packageFormat`, iri('https://www.iana.org/assignments/media-types/application/zip'));
    g.add(raw, `${DCAT}downloadURL`, iri(`${this.urls.api}/entries/raw?entry_id=${id}`));
    g.add(raw, `${DCAT}accessURL`, iri(`${this.urls.api}/entries/${id}/rawdir`));
    for (const distribution of [overApi, archive, raw]) g.add(dataset, `${DCAT}distribution`, distribution);
  }
}
