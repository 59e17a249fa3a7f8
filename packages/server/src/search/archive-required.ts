/**
 * The `required` specification of archive queries: '*' takes everything below, an object names the
 * sections to take (each again '*' or an object). Keys NOMAD uses for resolving references
 * (`resolve-inplace`, ...) are accepted and have no effect here.
 */
export const projectArchive = (value: unknown, required: unknown): Record<string, unknown> => {
  const project = (node: unknown, spec: unknown): unknown => {
    if (spec === '*' || spec === 'include' || spec === true) return node;
    if (typeof spec !== 'object' || spec === null || typeof node !== 'object' || node === null)
      return undefined;
    if (Array.isArray(node)) return node.map((item) => project(item, spec));
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(spec)) {
      if (key.startsWith('resolve') || key === 'max_list_size' || key === 'include-definition') continue;
      const name = key.replace(/\[.*\]$/, '');
      const child = (node as Record<string, unknown>)[name];
      if (child === undefined) continue;
      const projected = project(child, sub);
      if (projected !== undefined) out[name] = projected;
    }
    return out;
  };
  const result = project(value, required);
  return typeof result === 'object' && result !== null && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : {};
};
