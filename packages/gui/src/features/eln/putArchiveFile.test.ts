import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { archiveFileText } from './putArchiveFile.ts';

// One object twice: the YAML writer would otherwise write it once with an anchor and then an alias.
const layer = { material: 'ZnO' };
const archive = {
  definitions: { name: 'films', sections: { Film: { base_sections: ['nomad.datamodel.data.EntryData'] } } },
  data: { m_def: '#/definitions/section_definitions/0', name: 'S-1', layers: [layer, layer] },
};

describe('archiveFileText', () => {
  it('writes YAML into a YAML mainfile, without anchors, and it reads back as the same archive', async () => {
    for (const name of ['sample.archive.yaml', 'SAMPLE.archive.YML']) {
      const { text, type } = await archiveFileText(name, archive);
      expect(type).toBe('application/yaml');
      expect(text).toMatch(/^definitions:\n/);
      expect(text).not.toMatch(/[&*]a\d/);
      expect(parse(text)).toEqual(archive);
    }
  });

  it('writes JSON into any other file', async () => {
    const { text, type } = await archiveFileText('sample.archive.json', archive);
    expect(type).toBe('application/json');
    expect(JSON.parse(text)).toEqual(archive);
  });
});
