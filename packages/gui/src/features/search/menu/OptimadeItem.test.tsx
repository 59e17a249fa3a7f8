import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyAnswer, renderWithSearch, type RecordedRequest } from '../context/testing.tsx';
import { OptimadeItem } from './OptimadeItem.tsx';

/** The server rejects filters that do not end in a quote or a number. */
const answer = (url: string, body: Record<string, unknown>) => {
  if (body.verify_only) {
    const filter = String((body.query as { optimade_filter?: string }).optimade_filter);
    if (!/["\d]$/.test(filter)) {
      return new Response(
        JSON.stringify({
          detail: [
            { loc: ['optimade_filter'], msg: 'Unexpected end-of-input at col 12', type: 'value_error' },
          ],
        }),
        { status: 422 },
      );
    }
  }
  return emptyAnswer(url, body);
};

const verifications = (requests: RecordedRequest[]) => requests.filter((request) => request.body.verify_only);

describe('OptimadeItem', () => {
  it('verifies rows with the server, applies valid ones and shows parse errors', async () => {
    const { requests, router } = renderWithSearch(<OptimadeItem />, { answer });
    const first = await screen.findByRole('textbox', { name: 'OPTIMADE filter 1' });
    await userEvent.type(first, 'nelements > 2');
    await waitFor(() => expect(verifications(requests)).toHaveLength(1));
    expect(verifications(requests)[0]!.body).toEqual({
      owner: 'public',
      query: { optimade_filter: 'nelements > 2' },
      verify_only: true,
      pagination: { page_size: 0 },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?optimade_filter=nelements%20%3E%202'));

    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'OPTIMADE filter 2' }), 'elements HAS');
    expect(await screen.findByText('Unexpected end-of-input at col 12')).toBeInTheDocument();
    // The invalid row is not applied...
    expect(new URLSearchParams(router.state.location.search).get('optimade_filter')).toBe('nelements > 2');
    // ...unless Enter insists, after checking it again.
    const before = verifications(requests).length;
    await userEvent.type(screen.getByRole('textbox', { name: 'OPTIMADE filter 2' }), '{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('optimade_filter')).toBe(
        '(nelements > 2) AND (elements HAS)',
      ),
    );
    expect(verifications(requests).length).toBe(before + 1);

    await userEvent.click(screen.getByRole('button', { name: 'Remove OPTIMADE filter 2' }));
    expect(new URLSearchParams(router.state.location.search).get('optimade_filter')).toBe('nelements > 2');
  });
});
