import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('says when a path names no definition', async () => {
    renderApp('/analyze/metainfo/EntryArchive/no_such_thing');
    expect(await screen.findByText('The item "no_such_thing" could not be found.')).toBeInTheDocument();
  });
});
