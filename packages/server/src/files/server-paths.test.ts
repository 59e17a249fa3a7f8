import { describe, expect, it } from 'vitest';
import { withoutServerPaths } from './server-paths.ts';

describe('withoutServerPaths', () => {
  it('makes upload paths relative and cuts other absolute paths', () => {
    const raw = '/srv/oasis/uploads/abc/raw';
    expect(withoutServerPaths(`ENOENT: no such file or directory, open '${raw}/a/b.cif'`, [raw])).toBe(
      "ENOENT: no such file or directory, open 'a/b.cif'",
    );
    expect(withoutServerPaths("EEXIST: file already exists, mkdir '/srv/oasis/uploads/abc/tmp/x/y'")).toBe(
      "EEXIST: file already exists, mkdir '…/y'",
    );
    expect(withoutServerPaths(`at f (file://${process.cwd()}/packages/server/src/x.ts:1:2)`)).not.toContain(
      process.cwd(),
    );
  });

  it('leaves relative paths, references and URLs alone', () => {
    const text = "m_def '#/definitions/section_definitions/0' in a/b.json, see https://example.org/x/y";
    expect(withoutServerPaths(text)).toBe(text);
  });
});
