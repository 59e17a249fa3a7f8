import type { EntriesQueryRequest } from '@oasis/schema';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { takeHandedOverPage, useRemovePrerenderedPage } from './prerendered.ts';

const body: EntriesQueryRequest = {
  owner: 'public',
  query: {},
  aggregations: {},
  pagination: { order_by: 'upload_create_time', order: 'desc', page_size: 20 },
  required: { exclude: ['quantities', 'sections', 'files'] },
};
const response = { pagination: { total: 1 }, data: [{ entry_id: 'a' }] };

/** The server's page before the GUI's root, as search-page-prerender.ts writes it. */
const serverPage = (request: unknown) => {
  document.body.insertAdjacentHTML(
    'afterbegin',
    `<div id="oasis-prerendered-page"><table aria-label="search results"></table></div>` +
      `<script type="application/json" id="oasis-first-page">${JSON.stringify({ request, response })}</script>`,
  );
};

function Results({ drawn }: { drawn: boolean }) {
  useRemovePrerenderedPage(drawn);
  return null;
}

describe("the server's drawn search page", () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('#oasis-prerendered-page, #oasis-first-page'))
      element.remove();
    delete document.documentElement.dataset.prerender;
  });

  it('hands over its answer once, for exactly the request the page makes', () => {
    serverPage(body);
    expect(takeHandedOverPage({ ...body, owner: 'visible' })).toBeUndefined();
    serverPage({ ...body, owner: 'visible' });
    expect(takeHandedOverPage(body)).toBeUndefined();
    serverPage(body);
    expect(takeHandedOverPage(body)).toEqual(response);
    expect(takeHandedOverPage(body)).toBeUndefined();
  });

  it('hands over nothing where the browser hid the page (logged in, own columns or widgets)', () => {
    serverPage(body);
    document.documentElement.dataset.prerender = 'off';
    expect(takeHandedOverPage(body)).toBeUndefined();
  });

  it("gives way in the commit that draws the GUI's rows", () => {
    serverPage(body);
    const { rerender } = render(<Results drawn={false} />);
    expect(document.getElementById('oasis-prerendered-page')).not.toBeNull();
    rerender(<Results drawn />);
    expect(document.getElementById('oasis-prerendered-page')).toBeNull();
  });
});
