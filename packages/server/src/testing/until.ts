const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `condition` holds, asking again every `pollMs`. No deadline of its own: on a machine kept
 * busy a condition may take many times longer than on an idle one, and the test's timeout is there to
 * catch a hang.
 */
export const until = async (condition: () => boolean | Promise<boolean>, pollMs = 20): Promise<void> => {
  while (!(await condition())) await pause(pollMs);
};

/** Reads until what was read satisfies `done`, and returns it (no deadline either, as `until`). */
export const readUntil = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  pollMs = 50,
): Promise<T> => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await pause(pollMs);
  }
};
