/** An RDF graph as triples, built in memory and written out by the serialisers beside this file. */

export type NamedNode = { readonly kind: 'iri'; readonly iri: string };
export type BlankNode = { readonly kind: 'blank'; readonly id: string };
export type Literal = {
  readonly kind: 'literal';
  readonly value: string;
  /** An XSD datatype IRI; plain strings have none. */
  readonly datatype?: string;
};
export type Subject = NamedNode | BlankNode;
export type RdfTerm = Subject | Literal;

export interface Triple {
  readonly subject: Subject;
  readonly predicate: string;
  readonly object: RdfTerm;
}

export const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema#';
export const RDF_TYPE = `${RDF_NS}type`;

/**
 * A named node. Characters no IRI may hold (spaces, controls, `<>"{}|^` and backslashes) are
 * percent-encoded, so that every serialisation writes the same IRI.
 */
export const iri = (value: string): NamedNode => ({
  kind: 'iri',
  // eslint-disable-next-line no-control-regex
  iri: value.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (c) => encodeURIComponent(c)),
});
export const text = (value: string): Literal => ({ kind: 'literal', value });
export const dateTime = (value: string): Literal => ({
  kind: 'literal',
  value,
  datatype: `${XSD_NS}dateTime`,
});
export const integer = (value: number): Literal => ({
  kind: 'literal',
  value: String(Math.trunc(value)),
  datatype: `${XSD_NS}integer`,
});

/**
 * Triples with the namespace prefixes to write them with (prefix → namespace IRI). Blank nodes are
 * numbered by the graph; subjects keep the order they were first used in, predicates theirs per subject.
 */
export class RdfGraph {
  readonly triples: Triple[] = [];
  private blanks = 0;

  constructor(readonly prefixes: Readonly<Record<string, string>>) {}

  blank(): BlankNode {
    this.blanks += 1;
    return { kind: 'blank', id: `b${this.blanks}` };
  }

  add(subject: Subject, predicate: string, object: RdfTerm): void {
    this.triples.push({ subject, predicate, object });
  }

  /** The triples grouped by subject, in first-use order. */
  bySubject(): Array<{ subject: Subject; triples: Triple[] }> {
    const groups = new Map<string, { subject: Subject; triples: Triple[] }>();
    for (const triple of this.triples) {
      const key = subjectKey(triple.subject);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { subject: triple.subject, triples: [] }));
      group.triples.push(triple);
    }
    return [...groups.values()];
  }

  /** `[prefix, local]` when `value` is in a declared namespace and the rest is a plain local name. */
  compact(value: string): [string, string] | undefined {
    for (const [prefix, namespace] of Object.entries(this.prefixes)) {
      if (!value.startsWith(namespace)) continue;
      const local = value.slice(namespace.length);
      if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(local)) return [prefix, local];
    }
    return undefined;
  }
}

const subjectKey = (subject: Subject) => (subject.kind === 'iri' ? `<${subject.iri}>` : `_:${subject.id}`);
