import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { renderApp } from '../../app/testing.tsx';

/** The definition card of the last lane, once `count` lanes show theirs (the root lane has none). */
const lastCard = async (count: number) => {
  await waitFor(() => expect(screen.getAllByTestId('definition-card')).toHaveLength(count));
  return screen.getAllByTestId('definition-card')[count - 1]!;
};

describe('metainfo browser', () => {
  it('lists the archive root section and the packages, and opens a section', async () => {
    const { router } = renderApp('/analyze/metainfo');
    const root = await screen.findByRole('link', { name: /EntryArchive/ });
    expect(screen.getByRole('link', { name: /nomad\.datamodel\.results/ })).toBeInTheDocument();
    await userEvent.click(root);
    expect(router.state.location.pathname).toBe('/analyze/metainfo/EntryArchive');
    const results = await screen.findByRole('link', { name: /^results/ });
    expect(within(results).getByText('sub section')).toBeInTheDocument();
  });

  it('restores the lanes of a quantity from its URL and shows its type, shape and unit', async () => {
    renderApp('/analyze/metainfo/nomad.datamodel.results/BandGap/value');
    const card = await lastCard(3);
    expect(within(card).getByText('nomad.datamodel.results.BandGap.value')).toBeInTheDocument();
    expect(within(card).getByText('numpy: float64')).toBeInTheDocument();
    expect(within(card).getByText('scalar')).toBeInTheDocument();
    expect(within(card).getByText('joule')).toBeInTheDocument();
  });

  it('follows a sub-section to its section and shows what refers to a section, collapsed at first', async () => {
    renderApp('/analyze/metainfo/EntryArchive/results');
    const card = await lastCard(2);
    expect(within(card).getByRole('link', { name: 'nomad.datamodel.results.Results' })).toHaveAttribute(
      'href',
      '/analyze/metainfo/nomad.datamodel.results/Results',
    );
    const referencedBy = within(card).getByRole('button', { name: 'Referenced by' });
    expect(referencedBy).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(referencedBy);
    expect(within(card).getByRole('link', { name: 'EntryArchive.results' })).toBeInTheDocument();
  });

  it('shows how many entries use a quantity on request, and says when none do', async () => {
    const answer = (url: string, method: string) => {
      if (method === 'POST' && url.endsWith('/entries/query')) {
        return new Response(
          JSON.stringify({ owner: 'visible', pagination: { page_size: 0, total: 3 }, data: [] }),
          { headers: { 'content-type': 'application/json' } },
        );
      }
      return minimalResponse(method, url);
    };
    const { fetch } = renderApp(
      '/analyze/metainfo/nomad.datamodel.results/Material/chemical_formula_hill',
      {},
      answer,
    );
    const card = await lastCard(3);
    // The root lane asks for users' schema files; the usage only on request.
    const usageCall = ([input, init]: [unknown, RequestInit?]) =>
      String(input).endsWith('/entries/query') && String(init?.body).includes('"quantities"');
    expect(fetch.mock.calls.some(usageCall)).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Show usage' }));
    expect(await within(card).findByText(/Used in 3 entries you can see/)).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(usageCall)!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      owner: 'visible',
      query: { quantities: 'results.material.chemical_formula_hill' },
    });
  });

  it('says when a definition is not used at all', async () => {
    const none = (url: string, method: string) =>
      method === 'POST' && url.endsWith('/entries/query')
        ? new Response(
            JSON.stringify({ owner: 'visible', pagination: { page_size: 0, total: 0 }, data: [] }),
            {
              headers: { 'content-type': 'application/json' },
            },
          )
        : minimalResponse(method, url);
    renderApp('/analyze/metainfo/EntryArchive/results', {}, none);
    const card = await lastCard(2);
    await userEvent.click(within(card).getByRole('button', { name: 'Show usage' }));
    expect(await within(card).findByText('This metadata is not used at all.')).toBeInTheDocument();
  });

  it('searches definitions by name, within one package when chosen', async () => {
    renderApp('/analyze/metainfo');
    await userEvent.type(await screen.findByLabelText('search definitions'), 'space_group_number');
    const hits = await screen.findAllByRole('link', { name: /space_group_number/ });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/analyze\/metainfo\/[^/]+\/[^/]+\/space_group_number$/),
    );
    await userEvent.click(screen.getByLabelText('source package'));
    await userEvent.click(screen.getByRole('option', { name: 'runschema.run' }));
    expect(screen.queryAllByRole('link', { name: /space_group_number/ })).toHaveLength(0);
  });

  it('tells definitions of the same name apart by their section', async () => {
    renderApp('/analyze/metainfo');
    await userEvent.type(await screen.findByLabelText('search definitions'), 'band_gap');
    const labels = (await screen.findAllByRole('link', { name: /^band_gap\b/ })).map(
      (link) => link.textContent ?? '',
    );
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.some((label) => label.includes('band_gap (BandStructureElectronic)'))).toBe(true);
    const names = labels.map((label) => label.replace(/sub section.*|quantity.*/, ''));
    expect(new Set(names).size).toBe(names.length);
  });

  it('says when a path names no definition', async () => {
    renderApp('/analyze/metainfo/EntryArchive/no_such_thing');
    expect(await screen.findByText('The item "no_such_thing" could not be found.')).toBeInTheDocument();
  });
});
