/**
 * Opens the window a tool will show in, while the click that asked for it still counts as the user's
 * (browsers block windows opened later, and starting a tool takes seconds); `show` then loads the tool,
 * `discard` closes the window when the start failed.
 */
export function openToolTab(name: string): { show(url: string): void; discard(): void } {
  const tab = window.open('', `north-${name}`);
  return {
    show(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, `north-${name}`);
    },
    discard() {
      tab?.close();
    },
  };
}
