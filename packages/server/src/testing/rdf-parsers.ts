// RDF read back by independent parsers (N3.js, rdfxml-streaming-parser, jsonld.js), for tests of what the
// server writes.
import jsonld from 'jsonld';
import { Parser as TurtleParser, type Quad } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/** A triple with blank nodes named apart from their label, for comparing graphs read by different parsers. */
export interface Statement {
  s: string;
  p: string;
  o: string;
}

const termText = (term: { termType: string; value: string; datatype?: { value: string } }) =>
  term.termType === 'BlankNode'
    ? '_'
    : term.termType === 'Literal'
      ? `"${term.value}"^^${term.datatype?.value ?? ''}`
      : term.value;

const statementsOf = (quads: Array<Pick<Quad, 'subject' | 'predicate' | 'object'>>): Statement[] =>
  quads.map((q) => ({ s: termText(q.subject), p: q.predicate.value, o: termText(q.object) }));

export const parseTurtle = (body: string) => statementsOf(new TurtleParser().parse(body));

export const parseRdfXml = (body: string) =>
  new Promise<Statement[]>((resolve, reject) => {
    const quads: Quad[] = [];
    const parser = new RdfXmlParser();
    parser.on('data', (quad: Quad) => quads.push(quad));
    parser.on('error', reject);
    parser.on('end', () => resolve(statementsOf(quads)));
    parser.write(body);
    parser.end();
  });

export const parseJsonLd = async (body: string) =>
  statementsOf((await jsonld.toRDF(JSON.parse(body) as jsonld.JsonLdDocument)) as unknown as Quad[]);

/** The same graph, whichever parser read it: the statements as a sorted list of lines. */
export const canonical = (statements: Statement[]) => statements.map((t) => `${t.s} ${t.p} ${t.o}`).sort();
