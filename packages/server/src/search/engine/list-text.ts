/**
 * A list, or a chunk of one, as one text: strings joined by NUL after a NUL when none holds a NUL, any
 * other list as JSON (which never begins with NUL). Parsing JSON interns short strings (V8 does so for
 * values of up to 10 characters), and millions of interned strings make every full garbage collection
 * walk the string table in its pause (~40 ms at a million entries); strings split from a text are not
 * interned, and splitting is faster than parsing.
 */
export const listText = (items: readonly unknown[]): string =>
  items.length > 0 && items.every((item) => typeof item === 'string' && !item.includes('\0'))
    ? `\0${items.join('\0')}`
    : JSON.stringify(items);

/** Whether a text holds joined strings (not JSON). */
export const isJoinedText = (text: string): boolean => text.charCodeAt(0) === 0;

/** The list listText made; throws a SyntaxError for a text that is neither form. */
export const textList = (text: string): unknown[] => {
  if (isJoinedText(text)) return text.slice(1).split('\0');
  const list: unknown = JSON.parse(text);
  if (!Array.isArray(list)) throw new SyntaxError('a list text is not an array');
  return list;
};
