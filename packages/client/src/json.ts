/**
 * Python's JSON encoder emits bare `NaN`, which JSON.parse rejects. Replace NaN tokens outside string
 * literals with the string "NaN" (spec 1 §7), leaving strings that merely contain "NaN" untouched.
 */
export function replaceNaN(text: string): string {
  if (!text.includes('NaN')) return text;
  let result = '';
  let inString = false;
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === 'N' && text.startsWith('NaN', i)) {
      result += `${text.slice(last, i)}"NaN"`;
      last = i + 3;
      i += 2;
    }
  }
  return result + text.slice(last);
}

export function parseJson(text: string): unknown {
  return text.length === 0 ? undefined : JSON.parse(replaceNaN(text));
}
