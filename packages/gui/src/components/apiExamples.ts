/** Code that sends a request to the API, for the API dialog. */

/** A JSON value as a Python literal (True, False, None), indented like json.dumps(indent=4). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => pad + pythonLiteral(item, indent + 4)).join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries
    .map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)}`)
    .join(',\n')}\n${end}}`;
}

/** A curl command; single quotes in the body are escaped for the shell. */
export function curlExample(url: string, body: unknown): string {
  const json = (JSON.stringify(body) ?? 'null').replace(/'/g, `'\\''`);
  return `curl -X POST "${url}" \\\n    -H "Content-Type: application/json" \\\n    -d '${json}'`;
}

export function pythonExample(url: string, body: unknown): string {
  return [
    'import requests',
    '',
    `response = requests.post(`,
    `    ${JSON.stringify(url)},`,
    `    json=${pythonLiteral(body, 4)},`,
    ')',
    'response.raise_for_status()',
    'data = response.json()',
  ].join('\n');
}

/** curl commands that GET each of `urls`. */
export function curlGetExample(urls: readonly string[]): string {
  return urls.map((url) => `curl "${url}"`).join('\n');
}

/** A requests script that GETs each of `urls` into the named variables. */
export function pythonGetExample(urls: readonly { name: string; url: string }[]): string {
  return [
    'import requests',
    ...urls.flatMap(({ name, url }) => [
      '',
      `response = requests.get(${JSON.stringify(url)})`,
      'response.raise_for_status()',
      `${name} = response.json()`,
    ]),
  ].join('\n');
}
