import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { appsEnv, plainEntriesApp, type renderApp } from '../../app/testing.tsx';
import { testArtifacts } from '../search/context/testDefinitions.ts';
import { emptyAnswer } from '../search/context/testing.tsx';

type Fetch = ReturnType<typeof renderApp>['fetch'];

/** An entries app as an installation configures it; the embedded searches take its menu and columns. */
export const entriesAppEnv = appsEnv({
  entries: {
    ...plainEntriesApp,
    search_syntaxes: { exclude: ['free_text'] },
    menu: { type: 'menu', title: 'Filters', items: [{ type: 'visibility' }] },
  },
});

/**
 * For renderApp: the test artifacts, empty search answers (with the aggregations asked for, read from
 * the request being answered, the last one recorded) and `more` for anything else.
 */
export const searchServer =
  (fetch: () => Fetch, more: (url: string, method: string) => Response | undefined = () => undefined) =>
  (url: string, method: string): Response => {
    if (url.endsWith('/artifacts.json')) return new Response(JSON.stringify(testArtifacts));
    const answered = more(url, method);
    if (answered) return answered;
    if (url.endsWith('/entries/query')) {
      const init = fetch().mock.calls.at(-1)?.[1];
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      return new Response(JSON.stringify(emptyAnswer(url, body)));
    }
    return minimalResponse(method, url);
  };

/** The bodies of the entries searches sent so far. */
export const searchBodies = (fetch: Fetch) =>
  fetch.mock.calls
    .filter(([input]) => String(input).endsWith('/entries/query'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
