import { describe, expect, it } from 'vitest';
import { readEnv } from '../../core/env.ts';
import { exampleUploadsByCategory } from './exampleUploads.ts';

const example = (id: string, category: string) => ({
  id,
  entry_point_type: 'example_upload',
  title: `Title ${id}`,
  description: `About ${id}`,
  category,
});

const plugins = {
  entry_points: {
    options: {
      a: example('a', 'Tutorials'),
      b: example('b', 'FAIR data'),
      c: example('c', 'Tutorials'),
      app: { id: 'app', entry_point_type: 'app', title: 'An app' },
    },
  },
};

describe('exampleUploadsByCategory', () => {
  it('groups the example uploads by category in order of appearance', () => {
    const groups = exampleUploadsByCategory(readEnv({ plugins }, 'http://x'));
    expect(groups.map(({ category, examples }) => [category, examples.map((e) => e.id)])).toEqual([
      ['Tutorials', ['a', 'c']],
      ['FAIR data', ['b']],
    ]);
  });

  it('keeps the included ones minus the excluded ones', () => {
    const ui = { example_uploads: { include: ['a', 'b'], exclude: ['b'] } };
    const groups = exampleUploadsByCategory(readEnv({ plugins, ui }, 'http://x'));
    expect(groups).toEqual([{ category: 'Tutorials', examples: [expect.objectContaining({ id: 'a' })] }]);
  });

  it('offers nothing without plugins', () => {
    expect(exampleUploadsByCategory(readEnv({}, 'http://x'))).toEqual([]);
  });
});
