import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetadataCard } from './MetadataCard.tsx';

describe('MetadataCard references', () => {
  it('links web references and shows everything else, script URLs included, as text', () => {
    const references = [
      'https://doi.org/10.1000/182',
      'javascript:alert(document.cookie)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '10.1000/182',
    ];
    render(<MetadataCard entry={{ entry_id: 'e1', references }} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://doi.org/10.1000/182',
    ]);
    expect(screen.getByText('javascript:alert(document.cookie)')).toBeInTheDocument();
    expect(screen.getByText('10.1000/182')).toBeInTheDocument();
  });
});
