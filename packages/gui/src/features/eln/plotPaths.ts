import { isObject, type Json } from './elnModel.ts';

/**
 * The paths plot annotations name values with (spec 3 §8's plot path texts): '#quantity' and
 * '#sub/path' from the annotated section, the older 'data/:/value' with Python slices.
 */

/** A path's segments, without its '#', '#/' or './' start. */
export const pathSegments = (path: string): string[] =>
  path.replace(/^#\/?/, '').replace(/^\.\//, '').split('/').filter(Boolean);

/** A plot's path or slice that names nothing; its figure shows the message instead. */
export class PlotPathError extends Error {}

const SLICE = /^(-?\d+)?(?::(-?\d+)?)?(?::(-?\d+)?)?$/;

/** Python's slice of an array ('1:3', ':', '::2', '-1'); a single index picks one item. */
const applySlice = (values: unknown[], notation: string): unknown => {
  const match = SLICE.exec(notation);
  if (!match || (notation.match(/:/g)?.length ?? 0) > 2)
    throw new PlotPathError(`Invalid slice notation: ${notation}`);
  const at = (text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const index = Number(text);
    return index < 0 ? Math.max(values.length + index, 0) : Math.min(index, values.length);
  };
  if (!notation.includes(':')) return values.at(Number(notation));
  const step = match[3] === undefined ? 1 : Number(match[3]);
  if (step <= 0) throw new PlotPathError(`Invalid slice notation: ${notation}`);
  const picked: unknown[] = [];
  for (let index = at(match[1], 0); index < at(match[2], values.length); index += step)
    picked.push(values[index]);
  return picked;
};

const isSliceLike = (segment: string) => /^[-\d:]+$/.test(segment) || segment.includes(':');

/** Follows one segment from a value, through lists item by item ('data/:/value' lists every value). */
const step = (value: unknown, segment: string): unknown => {
  if (isSliceLike(segment)) {
    if (!Array.isArray(value)) return undefined;
    return applySlice(value, segment);
  }
  if (Array.isArray(value) && value.some(isObject)) return value.map((item) => step(item, segment));
  return isObject(value) ? value[segment] : undefined;
};

/** The value a path names from a section's data: '#time', '#/layers/0/thickness', 'data/:/value'. */
export const resolvePlotPath = (section: Json, path: string): unknown => {
  let value: unknown = section;
  for (const segment of pathSegments(path)) {
    value = step(value, segment);
    if (value === undefined) break;
  }
  if (value === undefined || value === null) throw new PlotPathError(`Could not resolve the path ${path}`);
  return value;
};
