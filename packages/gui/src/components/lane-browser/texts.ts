/** The lane browser's error texts (spec 2 §8). */
export const itemNotFoundText = (key: string) => `The item "${key}" could not be found.`;
export const initFailedText = 'Could not initialize view';
export const renderFailedText = 'This section could not be rendered, due to an unexpected error';

/** Scroll position (fraction of the scrollable height) at which the next page is loaded (spec 2 §9). */
const scrollEndThreshold = 0.95;
/** Widest the browser gets (spec 2 §9). */
export const maxBrowserWidth = 1024;

/** True once the user has scrolled past the threshold of an element's content. */
export function isScrolledToEnd(
  element: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = scrollEndThreshold,
): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight * threshold;
}
