import { RDF_TYPE, type RdfGraph, type RdfTerm, XSD_NS } from './graph.ts';

/** A string literal's body: backslash, quote and line breaks escaped (Turtle's STRING_LITERAL_QUOTE). */
const quoted = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;

/** An IRI in angle brackets (the graph has percent-encoded what Turtle would not allow there). */
const bracketed = (value: string) => `<${value}>`;

/** The graph in Turtle: prefixes first, then one block per subject with its predicates. */
export const toTurtle = (graph: RdfGraph): string => {
  const name = (value: string) => {
    const compact = graph.compact(value);
    return compact ? `${compact[0]}:${compact[1]}` : bracketed(value);
  };
  const term = (object: RdfTerm): string => {
    if (object.kind === 'iri') return name(object.iri);
    if (object.kind === 'blank') return `_:${object.id}`;
    if (!object.datatype) return quoted(object.value);
    if (object.datatype === `${XSD_NS}integer`) return object.value;
    return `${quoted(object.value)}^^${name(object.datatype)}`;
  };
  const lines = Object.entries(graph.prefixes).map(([prefix, ns]) => `@prefix ${prefix}: ${bracketed(ns)} .`);
  for (const { subject, triples } of graph.bySubject()) {
    lines.push('');
    const head = subject.kind === 'iri' ? bracketed(subject.iri) : `_:${subject.id}`;
    const statements = triples.map(
      (triple) => `${triple.predicate === RDF_TYPE ? 'a' : name(triple.predicate)} ${term(triple.object)}`,
    );
    lines.push(`${head} ${statements.join(' ;\n    ')} .`);
  }
  return `${lines.join('\n')}\n`;
};
