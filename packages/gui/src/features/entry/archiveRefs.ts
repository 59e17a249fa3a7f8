/**
 * References inside one archive, as the results section stores them: '/run/0/calculation/0/energies' or
 * '#/run/0/...'. References into other entries ('../upload/archive/<id>#/...') are not supported yet.
 */
export function resolveRef(archive: unknown, reference: string): unknown {
  const path = reference.startsWith('#') ? reference.slice(1) : reference;
  if (!path.startsWith('/')) {
    throw new Error(`Cannot resolve reference '${reference}': only paths inside this archive are supported`);
  }
  let current: unknown = archive;
  for (const segment of path.split('/').slice(1)) {
    if (segment === '') continue;
    if (Array.isArray(current)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= current.length) {
        throw new Error(`Cannot resolve reference '${reference}': no item ${segment}`);
      }
      current = current[index];
    } else if (isRecord(current) && segment in current) {
      current = current[segment];
    } else {
      throw new Error(`Cannot resolve reference '${reference}': '${segment}' does not exist`);
    }
  }
  return current;
}

/** The value itself, or what it references when it is a reference string. */
export function resolveValue(archive: unknown, value: unknown): unknown {
  return typeof value === 'string' ? resolveRef(archive, value) : value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number array, or an Error naming what it is instead. */
export function numberArray(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'number')) {
    throw new Error(`${what} is not an array of numbers`);
  }
  return value as number[];
}
