import {
  ApiError,
  BadRequest,
  CannotReachApi,
  DoesNotExist,
  NotAuthorized,
  OptimadeParseError,
  VersionMismatch,
} from '@oasis/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorText } from './errorText.ts';
import { ErrorSnackProvider, useErrors, type Errors } from './errors.tsx';

describe('errorText', () => {
  it.each([
    [new BadRequest('bad query (400)', { status: 400 }), 'bad query (400)'],
    [new NotAuthorized('not yours (401)', { status: 401 }), 'not yours (401)'],
    [new CannotReachApi('Failed to fetch'), 'Cannot reach NOMAD, please try again later.'],
    [
      new DoesNotExist('x (404)', { status: 404 }),
      'You are trying to access information that does not exist. Please try again and let us know, if this error keeps happening.',
    ],
    [
      new VersionMismatch(),
      'There is a new GUI version available. Please press "shift" and reload the page.',
    ],
    [new OptimadeParseError('x'), 'The given OPTiMaDe query can not be parsed.'],
    [
      new ApiError('field required (422)', { status: 422, apiMessage: 'field required' }),
      'Unexpected api error: field required. Please try again and let us know, if this error keeps happening.',
    ],
    [
      new ApiError('boom (500)', { status: 500 }),
      'Unexpected error: "boom (500)". Please try again and let us know, if this error keeps happening.',
    ],
    [
      new TypeError('x is undefined'),
      'Unexpected error: "x is undefined". Please try again and let us know, if this error keeps happening.',
    ],
    [{ weird: true }, 'Unexpected error. Please try again and let us know, if this error keeps happening.'],
    [new Error(''), 'Unexpected error. Please try again and let us know, if this error keeps happening.'],
    [
      'Session is out of date.',
      'Session is out of date. Please close all NOMAD tabs and try again. Let us know, if this error keeps happening.',
    ],
  ])('%s', (error, text) => {
    expect(errorText(error)).toBe(text);
  });
});

function renderSnack() {
  const captured: { errors?: Errors } = {};
  function Capture() {
    captured.errors = useErrors();
    return null;
  }
  render(
    <ErrorSnackProvider>
      <Capture />
    </ErrorSnackProvider>,
  );
  const raise = (error: unknown, options?: Parameters<Errors['raiseError']>[1]) =>
    act(() => captured.errors?.raiseError(error, options));
  return { raise };
}

describe('ErrorSnackProvider', () => {
  it('shows one error at a time, does not stack duplicates and shows the next on close', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { raise } = renderSnack();
    raise(new CannotReachApi('a'));
    raise(new CannotReachApi('b'));
    raise(new BadRequest('second (400)'));

    expect(screen.getByText('Cannot reach NOMAD, please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('second (400)')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(await screen.findByText('second (400)')).toBeInTheDocument();
    expect(screen.queryByText('Cannot reach NOMAD, please try again later.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    // The duplicate was dropped, so nothing is left to show.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('suppresses not-found for an upload whose deletion was requested', () => {
    const { raise } = renderSnack();
    raise(new DoesNotExist('gone (404)', { status: 404 }), { deletionRequested: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    raise(new DoesNotExist('gone (404)', { status: 404 }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are trying to access information that does not exist.',
    );
  });
});
