import { RDF_NS, type RdfGraph, type Subject } from './graph.ts';

// XML 1.0 has no way to write these control characters; they are dropped.
const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const about = (subject: Subject) =>
  subject.kind === 'iri' ? `rdf:about="${escapeXml(subject.iri)}"` : `rdf:nodeID="${subject.id}"`;

/**
 * The graph in RDF/XML: one `rdf:Description` per subject. Every predicate must lie in one of the graph's
 * namespaces, as an XML element name needs a prefix.
 */
export const toRdfXml = (graph: RdfGraph): string => {
  const prefixes = { rdf: RDF_NS, ...graph.prefixes };
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rdf:RDF ${Object.entries(prefixes)
      .map(([prefix, ns]) => `xmlns:${prefix}="${escapeXml(ns)}"`)
      .join(' ')}>`,
  ];
  for (const { subject, triples } of graph.bySubject()) {
    lines.push(`  <rdf:Description ${about(subject)}>`);
    for (const { predicate, object } of triples) {
      const compact =
        graph.compact(predicate) ??
        (predicate.startsWith(RDF_NS) ? ['rdf', predicate.slice(RDF_NS.length)] : undefined);
      if (!compact) throw new Error(`RDF/XML needs a namespace for the predicate ${predicate}`);
      const element = `${compact[0]}:${compact[1]}`;
      if (object.kind === 'iri') lines.push(`    <${element} rdf:resource="${escapeXml(object.iri)}"/>`);
      else if (object.kind === 'blank') lines.push(`    <${element} rdf:nodeID="${object.id}"/>`);
      else {
        const datatype = object.datatype ? ` rdf:datatype="${escapeXml(object.datatype)}"` : '';
        lines.push(`    <${element}${datatype}>${escapeXml(object.value)}</${element}>`);
      }
    }
    lines.push('  </rdf:Description>');
  }
  lines.push('</rdf:RDF>');
  return `${lines.join('\n')}\n`;
};
