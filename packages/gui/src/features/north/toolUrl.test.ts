import { describe, expect, it } from 'vitest';
import { northToolUrl, toolTakesFile } from './toolUrl.ts';

const answer = { username: 'ada', tool: 'jupyter', upload_mount_dir: 'uploads/run-1-abc' };

describe('northToolUrl', () => {
  it('is the tool root without a path, or for tools that take none', () => {
    expect(northToolUrl('http://h/nomad-oasis/north', answer, { with_path: true })).toBe(
      'http://h/nomad-oasis/north/user/ada/jupyter/',
    );
    expect(northToolUrl('http://h/north/', answer, { with_path: false }, 'a.ipynb')).toBe(
      'http://h/north/user/ada/jupyter/',
    );
  });

  it("adds the path prefix, the upload's folder and the file", () => {
    expect(
      northToolUrl('http://h/north', answer, { with_path: true, path_prefix: 'lab/tree' }, 'sub/my nb.ipynb'),
    ).toBe('http://h/north/user/ada/jupyter/lab/tree/uploads/run-1-abc/sub/my%20nb.ipynb');
    expect(
      northToolUrl('http://h/north', { ...answer, upload_mount_dir: undefined }, { with_path: true }, 'x'),
    ).toBe('http://h/north/user/ada/jupyter/');
  });
});

describe('toolTakesFile', () => {
  it('matches file extensions, with or without a dot, in any case', () => {
    expect(toolTakesFile({ file_extensions: ['ipynb'] }, 'Analysis.IPYNB')).toBe(true);
    expect(toolTakesFile({ file_extensions: ['.txt'] }, 'notes.txt')).toBe(true);
    expect(toolTakesFile({ file_extensions: ['ipynb'] }, 'ipynb')).toBe(false);
    expect(toolTakesFile({}, 'a.txt')).toBe(false);
  });
});
