/** What an entry lookup (entry/query, entry/pid) says when nothing is found (spec 1 §8.3). */
export const entryNotFoundText = (loggedIn: boolean) =>
  loggedIn
    ? 'This URL points to an entry that either does not exist, or that you are not authorized to see.'
    : 'This URL points to an entry that either does not exist, or that is not publically visibile. Please login; you might be authorized to view it.';
