import { describe, expect, it } from 'vitest';
import { laneKeys, sectionTarget, targetUrl } from './sectionLink.ts';

describe('sectionTarget', () => {
  it('turns archive paths into the lane keys of the data tab', () => {
    expect(laneKeys(['run', '0', 'system', '-1'])).toEqual(['run:0', 'system:-1']);
    expect(laneKeys(['results', 'properties'])).toEqual(['results', 'properties']);
  });

  it('leads sections of this archive to its data tab', () => {
    const target = sectionTarget('#/run/0/system/0')!;
    expect(target).toEqual({ kind: 'this', keys: ['run:0', 'system:0'] });
    expect(targetUrl(target, '/entry/id/e1')).toBe('/entry/id/e1/data/run:0/system:0');
    expect(targetUrl(sectionTarget('/run/0')!, '/u/entry/id/e1')).toBe('/u/entry/id/e1/data/run:0');
  });

  it('leads references into other entries to their overview page or data tab', () => {
    const section = sectionTarget('../upload/archive/abc_1#/run/0/calculation/0')!;
    expect(targetUrl(section, '/entry/id/e1')).toBe('/entry/id/abc_1/data/run:0/calculation:0');
    expect(targetUrl(sectionTarget('../upload/archive/abc_1#/')!, '/entry/id/e1')).toBe('/entry/id/abc_1');
  });

  it('cannot follow references to raw files or nothing', () => {
    expect(sectionTarget('../upload/raw/geom_opt.archive.yaml#/run/0/system/0')).toBeUndefined();
    expect(sectionTarget(undefined)).toBeUndefined();
  });
});
