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

/** A list as list texts in order, and how many items they hold: what a snapshot stores, a share posts. */
export interface ValueTexts {
  count: number;
  texts: string[];
}

const TEXT_ITEMS = 1 << 14;

/**
 * Collects items into list texts of up to TEXT_ITEMS each as they come, so that a million entries' ids
 * or dictionary values never live as a million strings at once (see value-list.ts).
 */
export class TextsBuilder {
  private batch: unknown[] = [];
  private readonly made: ValueTexts = { count: 0, texts: [] };

  push(item: unknown): void {
    this.batch.push(item);
    if (this.batch.length >= TEXT_ITEMS) this.flush();
  }

  finish(): ValueTexts {
    this.flush();
    return this.made;
  }

  private flush() {
    if (this.batch.length === 0) return;
    this.made.texts.push(listText(this.batch));
    this.made.count += this.batch.length;
    this.batch = [];
  }
}
