// The code list of the upload page (spec 2: supported codes with upload guidance), from the artifacts'
// parserMetadata, which the server builds from each parser's own code metadata.

export interface CodeInfo {
  name: string;
  label: string;
  category: string;
  url?: string;
  tableOfFiles: string;
  parserSpecific: string;
}

export interface CodeCategory {
  /** The category in the plural, as the list heads it ('Atomistic codes'). */
  title: string;
  codes: CodeInfo[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The codes by category, categories and codes in alphabetical order. */
export function codesByCategory(
  parserMetadata: Record<string, Record<string, unknown>> | undefined,
): CodeCategory[] {
  const byCategory = new Map<string, CodeInfo[]>();
  for (const [name, metadata] of Object.entries(parserMetadata ?? {})) {
    const label = text(metadata.codeLabel) || name;
    const category = text(metadata.codeCategory) || 'Other parser';
    const url = text(metadata.codeUrl);
    const code: CodeInfo = {
      name,
      label,
      category,
      ...(url ? { url } : {}),
      tableOfFiles: text(metadata.tableOfFiles),
      parserSpecific: text(metadata.parserSpecific),
    };
    byCategory.set(category, [...(byCategory.get(category) ?? []), code]);
  }
  return [...byCategory]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, codes]) => ({
      title: `${category}s`,
      codes: codes.sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' })),
    }));
}

/** The rows of a markdown table (the first the header), without the '--- | ---' rule. */
export function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') || line.includes('|'))
    .filter((line) => !/^\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      line
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}
