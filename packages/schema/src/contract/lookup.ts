import { matchPath, pathSegments, type HttpMethod } from './operation.ts';
import { operations, type OperationName } from './operations.ts';

const literalCount = (path: string) => pathSegments(path).filter((s) => s.literal !== undefined).length;

// Most literal segments first, so that 'entries/raw' is itself and not an entry with id 'raw'.
const bySpecificity = (Object.keys(operations) as OperationName[]).sort(
  (a, b) => literalCount(operations[b].path) - literalCount(operations[a].path),
);

/** The operation serving `method` on `apiPath` (relative to /api/v1, decoded), with its path parameters. */
export const findOperation = (
  method: string,
  apiPath: string,
): { name: OperationName; params: Record<string, string> } | undefined => {
  for (const name of bySpecificity) {
    const operation = operations[name];
    if (operation.method !== (method.toUpperCase() as HttpMethod)) continue;
    const params = matchPath(operation.path, apiPath);
    if (params) return { name, params };
  }
  return undefined;
};
