import { indexedKey } from '../../components/lane-browser/lanePath.ts';
import { SEARCH_MAX_NODES, SEARCH_RESULTS } from './limits.ts';
import { isCodeSpecific, isSection, isTechnical, type ArchiveViewOptions } from './model.ts';

export interface SearchHit {
  /** The lane keys that open the hit. */
  keys: string[];
  /** The hit's archive path ('run/0/calculation/1/energy'). */
  path: string;
  /** The matched value, for a match in a value rather than a name. */
  value?: string;
}

/**
 * Quantities and sections whose name or (string or number) value contains `text`, case-insensitive,
 * breadth first so that shallow hits come first. Visits at most SEARCH_MAX_NODES nodes so that one
 * keystroke stays cheap on large archives; hidden parts (toggles) are not searched.
 */
export function searchArchive(
  archive: Readonly<Record<string, unknown>>,
  text: string,
  options: ArchiveViewOptions,
  limit = SEARCH_RESULTS,
): SearchHit[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [];
  const hits: SearchHit[] = [];
  const queue: { section: Readonly<Record<string, unknown>>; keys: string[]; path: string }[] = [
    { section: archive, keys: [], path: '' },
  ];
  let visited = 0;
  for (let head = 0; head < queue.length && hits.length < limit; head++) {
    const { section, keys, path } = queue[head] as (typeof queue)[number];
    for (const [name, value] of Object.entries(section)) {
      if (++visited > SEARCH_MAX_NODES || hits.length >= limit) return hits;
      if ((!options.technical && isTechnical(name)) || (!options.codeSpecific && isCodeSpecific(name)))
        continue;
      const childPath = path ? `${path}/${name}` : name;
      if (isSection(value)) {
        if (name.toLowerCase().includes(needle)) hits.push({ keys: [...keys, name], path: childPath });
        queue.push({ section: value, keys: [...keys, name], path: childPath });
      } else if (Array.isArray(value) && value.length > 0 && value.every(isSection)) {
        value.forEach((item: Readonly<Record<string, unknown>>, index) => {
          const itemKeys = [...keys, indexedKey(name, index)];
          if (index === 0 && name.toLowerCase().includes(needle))
            hits.push({ keys: itemKeys, path: `${childPath}/0` });
          queue.push({ section: item, keys: itemKeys, path: `${childPath}/${index}` });
        });
      } else if (name.toLowerCase().includes(needle)) {
        hits.push({ keys: [...keys, name], path: childPath });
      } else if (
        (typeof value === 'string' || typeof value === 'number') &&
        String(value).toLowerCase().includes(needle)
      ) {
        hits.push({ keys: [...keys, name], path: childPath, value: String(value).slice(0, 80) });
      }
    }
  }
  return hits.slice(0, limit);
}
