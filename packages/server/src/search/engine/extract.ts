import type { Scalar } from './column.ts';

/** Quantity paths as a tree of keys, so one walk over a document finds the values of all of them. */
export interface PathTrie<T> {
  children: Map<string, PathTrie<T>>;
  target?: T;
}

export const pathTrie = <T extends { path: readonly string[] }>(targets: readonly T[]): PathTrie<T> => {
  const root: PathTrie<T> = { children: new Map() };
  for (const target of targets) {
    let node = root;
    for (const key of target.path) {
      let child = node.children.get(key);
      if (!child) {
        child = { children: new Map() };
        node.children.set(key, child);
      }
      node = child;
    }
    node.target = target;
  }
  return root;
};

/**
 * The values of every target present in the document, unwrapping lists on the way as SQL/JSON's lax mode
 * (and NOMAD's search index) does: `results.properties.electronic.band_gap.value` yields one value per band gap.
 */
export const collectValues = <T>(
  trie: PathTrie<T>,
  doc: unknown,
  out = new Map<T, Scalar[]>(),
): Map<T, Scalar[]> => {
  if (doc === null || doc === undefined) return out;
  if (Array.isArray(doc)) {
    for (const item of doc) collectValues(trie, item, out);
    return out;
  }
  if (typeof doc === 'object') {
    // The document's keys, not the trie's: a document has a few of the hundreds of paths (a third faster).
    const children = trie.children;
    for (const key in doc) {
      const child = children.get(key);
      if (child !== undefined) collectValues(child, (doc as Record<string, unknown>)[key], out);
    }
    return out;
  }
  if (
    trie.target !== undefined &&
    (typeof doc === 'string' || typeof doc === 'number' || typeof doc === 'boolean')
  ) {
    const values = out.get(trie.target);
    if (values) values.push(doc);
    else out.set(trie.target, [doc]);
  }
  return out;
};
