import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../components/format.ts';
import { EnvProvider } from '../../core/EnvProvider.tsx';
import { readEnv } from '../../core/env.ts';
import { UnitsMenu } from './UnitsMenu.tsx';
import { UnitsProvider } from './UnitsProvider.tsx';
import { useDisplayUnit } from './useUnits.ts';

const env = readEnv(
  {
    ui: {
      unit_systems: {
        selected: 'Custom',
        options: {
          Custom: {
            label: 'Custom',
            units: {
              energy: { definition: 'eV', locked: false },
              length: { definition: 'Å', locked: false },
            },
          },
          SI: {
            label: 'International System of Units (SI)',
            units: { energy: { definition: 'J', locked: true }, length: { definition: 'm', locked: true } },
          },
        },
      },
    },
  },
  'http://oasis.test',
);

/** A band gap of 1.5 eV, stored in joule as the API sends it. */
function BandGap() {
  const unit = useDisplayUnit('joule', 'energy');
  return (
    <output aria-label="band gap">{`${formatNumber(unit.convert(1.5 * 1.602176634e-19))} ${unit.label}`}</output>
  );
}

const renderUnits = (withProvider = true) => {
  const content = (
    <>
      <UnitsMenu />
      <BandGap />
    </>
  );
  render(
    <EnvProvider env={env}>{withProvider ? <UnitsProvider>{content}</UnitsProvider> : content}</EnvProvider>,
  );
};

describe('UnitsMenu', () => {
  it('switching the unit system changes displayed values, and the choice is remembered', async () => {
    const user = userEvent.setup();
    renderUnits();
    expect(screen.getByLabelText('band gap')).toHaveTextContent('1.5 eV');
    await user.click(screen.getByRole('button', { name: 'Units' }));
    await user.click(screen.getByRole('radio', { name: 'International System of Units (SI)' }));
    expect(screen.getByLabelText('band gap')).toHaveTextContent('2.403e-19 J');
    expect(window.localStorage.getItem('oasis-units')).toContain('"system":"SI"');
  });

  it('overrides a unit of an unlocked dimension and validates what is typed', async () => {
    const user = userEvent.setup();
    renderUnits();
    await user.click(screen.getByRole('button', { name: 'Units' }));
    const energy = screen.getByRole('textbox', { name: 'Energy' });
    await user.clear(energy);
    await user.type(energy, 'm');
    expect(screen.getByText('Unit "m" is incompatible with dimension "energy".')).toBeInTheDocument();
    await user.type(energy, 'eV{Enter}');
    expect(screen.getByLabelText('band gap')).toHaveTextContent('1.5e+3 meV');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('band gap')).toHaveTextContent('1.5 eV');
  });

  it('outside a provider shows the configured default system and no menu', () => {
    renderUnits(false);
    expect(screen.queryByRole('button', { name: 'Units' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('band gap')).toHaveTextContent('1.5 eV');
  });
});
