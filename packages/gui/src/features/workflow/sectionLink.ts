/**
 * Where a click on an input or output leads: the archive section a workflow link references, as a path
 * of the entry page's data tab (the archive browser, `data/run:0/system:0`), or another entry's
 * overview page or data tab for references into other entries ('../upload/archive/{entry_id}#/...').
 */

export type SectionTarget =
  /** A section of this entry's archive: keys below the data tab. */
  | { kind: 'this'; keys: string[] }
  /** Another entry: its overview page (no keys) or a section below its data tab. */
  | { kind: 'entry'; entryId: string; keys: string[] };

const OTHER_ENTRY = /^\.\.\/upload\/archive\/([A-Za-z0-9_-]+)#(.*)$/;

/** Archive path segments ('run', '0', 'system', '-1') as lane keys ('run:0', 'system:-1'). */
export function laneKeys(segments: readonly string[]): string[] {
  const keys: string[] = [];
  for (const segment of segments) {
    const previous = keys.length - 1;
    if (/^-?\d+$/.test(segment) && previous >= 0 && !keys[previous]?.includes(':')) {
      keys[previous] = `${keys[previous]}:${segment}`;
    } else keys.push(segment);
  }
  return keys;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** The target of a section reference, or undefined for references the GUI cannot follow (raw files). */
export function sectionTarget(reference: string | undefined): SectionTarget | undefined {
  if (!reference) return undefined;
  const other = OTHER_ENTRY.exec(reference);
  if (other) return { kind: 'entry', entryId: other[1] ?? '', keys: laneKeys(segmentsOf(other[2] ?? '')) };
  if (reference.startsWith('#/') || reference.startsWith('/')) {
    return { kind: 'this', keys: laneKeys(segmentsOf(reference.replace(/^#/, ''))) };
  }
  return undefined;
}

// The archive browser escapes keys per segment and keeps ':' readable (spec 2 §2).
const escapeKey = (key: string) => encodeURIComponent(key).replace(/%3A/gi, ':');

/** The URL of a target: relative to this entry's base path, or absolute below the GUI's root. */
export function targetUrl(target: SectionTarget, entryBasePath: string): string {
  const data = target.keys.length > 0 ? `/data/${target.keys.map(escapeKey).join('/')}` : '';
  if (target.kind === 'this') return `${entryBasePath}${data || '/data'}`;
  return `/entry/id/${encodeURIComponent(target.entryId)}${data}`;
}
