import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LogList } from './LogList.tsx';
import { logsWithErrors } from './logs.ts';

const logs = logsWithErrors(
  [
    ...Array.from({ length: 23 }, (_, i) => ({
      level: 'INFO',
      event: `step ${i}`,
      parser: 'parsers/vasp',
      step: `normalizer ${i}`,
    })),
    {
      level: 'WARNING',
      event: 'no symmetry',
      parser: 'parsers/vasp',
      exception: 'at normalize (src/x.ts:1:2)',
    },
    { level: 'DEBUG', event: 'Executing celery task' },
  ],
  ['parser failed: broken file'],
);

const items = () => screen.getAllByTestId('log-item');

describe('LogList', () => {
  it("shows 10, adds 10 per 'Load More', and says how many match", async () => {
    const user = userEvent.setup();
    render(<LogList logs={logs} />);
    expect(items()).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 26 matching entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(items()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(items()).toHaveLength(26);
    expect(screen.getByText('Showing 26 of 26 matching entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    // The processing error comes last, as an ERROR item.
    expect(within(items()[25] as HTMLElement).getByText('ERROR')).toBeInTheDocument();
    expect(within(items()[25] as HTMLElement).getByText('parser failed: broken file')).toBeInTheDocument();
  });

  it('filters by level, all levels on at first', async () => {
    const user = userEvent.setup();
    render(<LogList logs={logs} />);
    for (const level of ['ERROR', 'CRITICAL', 'WARNING', 'INFO', 'DEBUG'])
      expect(screen.getByRole('checkbox', { name: level })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'INFO' }));
    expect(screen.getByText('Showing 3 of 3 matching entries')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'DEBUG' }));
    await user.click(screen.getByRole('checkbox', { name: 'WARNING' }));
    await user.click(screen.getByRole('checkbox', { name: 'ERROR' }));
    expect(screen.getByText('No log entries matching selected criteria')).toBeInTheDocument();
  });

  it('shows the values of the chosen keys and all fields of an expanded item', async () => {
    const user = userEvent.setup();
    render(<LogList logs={logs} />);
    expect(within(items()[0] as HTMLElement).getByText('parsers/vasp')).toBeInTheDocument();
    expect(screen.queryByText('normalizer 0')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Filter keys' }));
    await user.click(screen.getByRole('option', { name: 'step' }));
    expect(within(items()[0] as HTMLElement).getByText('normalizer 0')).toBeInTheDocument();
    await user.click(items()[0] as HTMLElement);
    expect(await screen.findByText(/step: normalizer 0/)).toBeInTheDocument();
  });
});
