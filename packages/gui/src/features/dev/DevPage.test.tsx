import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing.tsx';

const valueShown = () =>
  JSON.parse(screen.getByLabelText('value').textContent ?? '{}') as Record<string, unknown>;

describe('developer demo pages', () => {
  it('/dev/editquantity edits each kind of quantity, checking bounds and units', async () => {
    renderApp('/dev/editquantity');
    const integer = await screen.findByRole('textbox', { name: 'integer' });
    // An empty quantity shows its definition's default, which is not stored.
    expect(screen.getByRole('textbox', { name: 'string' })).toHaveValue('a default');
    await userEvent.type(integer, '11{Enter}');
    expect(await screen.findByText('Enter a value that is equal or smaller than 10')).toBeInTheDocument();
    await userEvent.clear(integer);
    await userEvent.type(integer, '7{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'length' }), '2 cm{Enter}');
    await userEvent.click(screen.getByRole('radio', { name: 'second option' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'variable list 1' }), 'a{Enter}');
    await waitFor(() =>
      expect(valueShown()).toEqual({
        integer: 7,
        length: 0.02,
        radio: 'second option',
        variable_list: ['a'],
      }),
    );
    // The display unit of the length is mm: the stored metres are shown as 20.
    expect(screen.getByRole('textbox', { name: 'length' })).toHaveValue('20');
  });

  it('/dev/editquantity keeps only formatting of rich text', async () => {
    renderApp('/dev/editquantity');
    const area = await screen.findByRole('textbox', { name: 'rich text' });
    expect(screen.getByRole('toolbar', { name: 'rich text formatting' })).toBeInTheDocument();
    area.innerHTML =
      '<p><b>Annealed</b> at 600 K<img src="x" onerror="alert(1)"></p><script>alert(2)</script>';
    fireEvent.input(area);
    fireEvent.blur(area);
    await waitFor(() => expect(valueShown()).toEqual({ rich_text: '<p><b>Annealed</b> at 600 K</p>' }));
    // Emptied, the quantity is removed rather than stored as an empty paragraph.
    area.innerHTML = '<p><br></p>';
    fireEvent.blur(area);
    await waitFor(() => expect(valueShown()).toEqual({}));
  });

  it('/dev/datatable sorts and pages its rows', async () => {
    renderApp('/dev/datatable');
    expect(await screen.findByText('row 001')).toBeInTheDocument();
    // A column sorts descending first, as the uploads tables do.
    await userEvent.click(screen.getByRole('button', { name: 'name' }));
    expect(await screen.findByText('row 123')).toBeInTheDocument();
    expect(screen.queryByText('row 001')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('row 113')).toBeInTheDocument();
  });
});
