import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has rested for `wait` ms, but at least every `maxWait` ms while it keeps changing, so
 * a fast typist still sees suggestions.
 */
export function useDebouncedInput<T>(value: T, wait: number, maxWait: number): T {
  const [debounced, setDebounced] = useState(value);
  const pendingSince = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (Object.is(value, debounced)) {
      pendingSince.current = undefined;
      return;
    }
    const now = Date.now();
    pendingSince.current ??= now;
    const delay = Math.max(0, Math.min(wait, pendingSince.current + maxWait - now));
    const timer = window.setTimeout(() => {
      pendingSince.current = undefined;
      setDebounced(value);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [value, debounced, wait, maxWait]);
  return debounced;
}
