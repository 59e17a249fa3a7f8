import { describe, expect, it } from 'vitest';
import {
  energyVolumeSeries,
  freeEnergySeries,
  heatCapacitySeries,
  msdSeries,
  rdfSeries,
  trajectorySeries,
} from './propertySeries.ts';

const archive = {
  workflow2: { results: { temperature: [0, 100, 200], heat_capacity_c_v: [0, 1e-23, 2e-23] } },
};

describe('property series', () => {
  it('resolves references to the thermodynamics results', () => {
    const vibrational = {
      heat_capacity_constant_volume: {
        temperatures: '/workflow2/results/temperature',
        heat_capacities: '/workflow2/results/heat_capacity_c_v',
      },
    };
    expect(heatCapacitySeries(archive, vibrational)).toEqual({ x: [0, 100, 200], y: [0, 1e-23, 2e-23] });
    expect(() => freeEnergySeries(archive, vibrational)).toThrow('The archive has no Helmholtz free energy');
  });

  it('names what is wrong with the data', () => {
    const broken = { heat_capacity_constant_volume: { temperatures: [1, 2], heat_capacities: [1, 2, 3] } };
    expect(() => heatCapacitySeries({}, broken)).toThrow('3 the heat capacities for 2 x values');
    const missing = { heat_capacity_constant_volume: { temperatures: '/workflow2/results/nothing' } };
    expect(() => heatCapacitySeries(archive, missing)).toThrow('The heat capacities are missing');
    expect(() => rdfSeries({}, { radial_distribution_function: [{ bins: [1], value: ['x'] }] })).toThrow(
      'The RDF values is not an array of numbers',
    );
  });

  it('reads trajectories given with times or with a start and a step', () => {
    const thermodynamic = {
      trajectory: [
        {
          temperature: { value: [300, 301], time: [0, 1e-15] },
          pressure: { value: [1, 2, 3], time_start: 1, time_step: 0.5 },
        },
      ],
    };
    expect(trajectorySeries({}, thermodynamic)).toEqual({
      temperature: { x: [0, 1e-15], y: [300, 301] },
      pressure: { x: [1, 1.5, 2], y: [1, 2, 3] },
    });
    expect(() => trajectorySeries({}, { trajectory: [{}] })).toThrow('The trajectory has no quantities');
  });

  it('leaves out quantities of a single step (nothing to draw)', () => {
    const single = {
      trajectory: [{ temperature: { time: [0], value: [0] }, volume: { time: [0], value: [0] } }],
    };
    expect(trajectorySeries({}, single)).toEqual({});
  });

  it('labels each curve and marks raw energy-volume points', () => {
    expect(
      msdSeries({}, { mean_squared_displacement: [{ times: [0, 1], value: [0, 2], label: 'SOL' }] }),
    ).toEqual([{ x: [0, 1], y: [0, 2], name: 'SOL' }]);
    const mechanical = {
      energy_volume_curve: [
        { type: 'raw', volumes: [1, 2, 3], energies_raw: [3, 1, 2] },
        { type: 'birch_murnaghan', volumes: [1, 2, 3], energies_fit: [2.9, 1.1, 2] },
      ],
    };
    expect(energyVolumeSeries({}, mechanical)).toEqual([
      { x: [1, 2, 3], y: [3, 1, 2], name: 'raw', markers: true },
      { x: [1, 2, 3], y: [2.9, 1.1, 2], name: 'birch murnaghan', markers: false },
    ]);
  });
});
