import { useEffect, useRef, useState } from 'react';

/** How long typing rests before a text field's value is taken (spec 3 §9: number input debounce). */
const EDIT_DEBOUNCE_MS = 500;

/**
 * A text field's own text, committed `EDIT_DEBOUNCE_MS` after the last keystroke, or at once on blur or
 * Enter. `commit` says whether the text was taken (false keeps it, with the field's error shown). The
 * text follows `shown` whenever the stored value changes from outside (a reload, a save).
 */
export function useDebouncedCommit(shown: string, commit: (text: string) => void) {
  const [text, setText] = useState(shown);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(() => setText(shown), [shown]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = (value = text) => {
    clearTimeout(timer.current);
    latest.current(value);
  };
  return {
    text,
    /** Takes the given text at once (a field whose text is not React's, like an editable area). */
    commitNow: (value: string) => {
      setText(value);
      flush(value);
    },
    onChange: (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(value), EDIT_DEBOUNCE_MS);
    },
    onBlur: () => flush(),
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Enter') flush();
    },
  };
}
