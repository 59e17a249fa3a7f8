import { RDF_TYPE, type RdfGraph, type RdfTerm, type Subject } from './graph.ts';

const nodeId = (subject: Subject) => (subject.kind === 'iri' ? subject.iri : `_:${subject.id}`);

/**
 * The graph in JSON-LD: a context of the graph's prefixes and one node object per subject in `@graph`,
 * every value an explicit `@id` or `@value` object, so that no term needs a definition of its own.
 */
export const toJsonLd = (graph: RdfGraph): string => {
  const name = (value: string) => {
    const compact = graph.compact(value);
    return compact ? `${compact[0]}:${compact[1]}` : value;
  };
  const value = (object: RdfTerm) => {
    if (object.kind !== 'literal') return { '@id': nodeId(object) };
    return object.datatype
      ? { '@value': object.value, '@type': name(object.datatype) }
      : { '@value': object.value };
  };
  const nodes = graph.bySubject().map(({ subject, triples }) => {
    const node: Record<string, unknown> = { '@id': nodeId(subject) };
    for (const { predicate, object } of triples) {
      if (predicate === RDF_TYPE && object.kind === 'iri') {
        node['@type'] = [...((node['@type'] as string[] | undefined) ?? []), name(object.iri)];
        continue;
      }
      const key = name(predicate);
      node[key] = [...((node[key] as unknown[] | undefined) ?? []), value(object)];
    }
    return node;
  });
  return `${JSON.stringify({ '@context': graph.prefixes, '@graph': nodes }, null, 2)}\n`;
};
