import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithSearch } from './testing.tsx';

/** The server's answer to a filter that does not parse, as NOMAD's API words it. */
const refusedFilter = () =>
  new Response(
    JSON.stringify({
      detail: [
        {
          loc: ['body', 'query', 'optimade_filter'],
          msg: 'Syntax error at line 1, column 23: Unexpected end-of-input',
          type: 'value_error',
        },
      ],
    }),
    { status: 422, headers: { 'content-type': 'application/json' } },
  );

describe('search errors in the snackbar', () => {
  it("shows an OPTIMADE filter the server cannot parse in spec 1 §8.2's words", async () => {
    renderWithSearch(null, {
      search: `?optimade_filter=${encodeURIComponent('elements HAS ALL "Na",')}`,
      answer: refusedFilter,
    });
    expect(await screen.findByText('The given OPTiMaDe query can not be parsed.')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected api error/)).not.toBeInTheDocument();
  });

  it('keeps the other validation errors as they are', async () => {
    renderWithSearch(null, {
      answer: () =>
        new Response(
          JSON.stringify({ detail: [{ loc: ['body', 'query'], msg: 'bad', type: 'value_error' }] }),
          {
            status: 422,
          },
        ),
    });
    expect(await screen.findByText(/^Unexpected api error: /)).toBeInTheDocument();
  });
});
