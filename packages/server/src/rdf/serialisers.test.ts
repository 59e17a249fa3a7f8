import { describe, expect, it } from 'vitest';
import { canonical, parseJsonLd, parseRdfXml, parseTurtle } from '../testing/rdf-parsers.ts';
import { dateTime, integer, iri, RDF_TYPE, RdfGraph, text } from './graph.ts';
import { toJsonLd } from './json-ld.ts';
import { toRdfXml } from './rdf-xml.ts';
import { toTurtle } from './turtle.ts';

const EX = 'http://example.org/ns#';

describe('the RDF serialisers', () => {
  it('write one graph that three parsers read back the same, whatever its literals and IRIs hold', async () => {
    const graph = new RdfGraph({ ex: EX, xsd: 'http://www.w3.org/2001/XMLSchema#' });
    const subject = iri('http://example.org/a b?x=<1>&y="2"');
    const person = graph.blank();
    graph.add(subject, RDF_TYPE, iri(`${EX}Thing`));
    graph.add(
      subject,
      `${EX}title`,
      text('quotes " and \\ backslash,\nnew line, <tag> & ampersand, émoji 🧪'),
    );
    graph.add(subject, `${EX}when`, dateTime('2024-05-01T10:00:00.000Z'));
    graph.add(subject, `${EX}count`, integer(42));
    graph.add(subject, `${EX}by`, person);
    graph.add(person, `${EX}name`, text('Ada'));
    // An object IRI outside the declared namespaces, and one whose local part is not a plain name.
    graph.add(subject, `${EX}see`, iri('https://other.example/page#frag'));
    graph.add(subject, `${EX}see`, iri(`${EX}1-starts-with-a-digit`));

    const fromTurtle = parseTurtle(toTurtle(graph));
    expect(fromTurtle).toHaveLength(graph.triples.length);
    expect(canonical(await parseRdfXml(toRdfXml(graph)))).toEqual(canonical(fromTurtle));
    expect(canonical(await parseJsonLd(toJsonLd(graph)))).toEqual(canonical(fromTurtle));
    expect(fromTurtle.find((t) => t.p === `${EX}title`)?.o).toContain(
      'new line, <tag> & ampersand, émoji 🧪',
    );
  });

  it('refuses to write a predicate RDF/XML cannot name', () => {
    const graph = new RdfGraph({ ex: EX });
    graph.add(iri(`${EX}a`), 'http://elsewhere.example/p', text('x'));
    expect(() => toRdfXml(graph)).toThrow(/needs a namespace/);
  });
});
