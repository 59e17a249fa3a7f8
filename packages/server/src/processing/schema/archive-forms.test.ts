import { describe, expect, it } from 'vitest';
import { rawFormOf, withRawDefinitionForms, type EntryMainfiles } from './archive-forms.ts';

const mainfiles: EntryMainfiles = (uploadId) =>
  new Map(uploadId === 'own' ? [['E1', 'schemas/lab.archive.yaml']] : [['E2', 'base.archive.json']]);

describe('definitions named through an archive', () => {
  it('are read as references to the mainfile, in this upload or another', () => {
    expect(rawFormOf('../upload/archive/E1#/definitions/section_definitions/0', 'own', mainfiles)).toBe(
      '../upload/raw/schemas/lab.archive.yaml#/definitions/section_definitions/0',
    );
    expect(rawFormOf('../uploads/other/archive/E2#definitions/section_definitions/2', 'own', mainfiles)).toBe(
      '../uploads/other/raw/base.archive.json#definitions/section_definitions/2',
    );
    expect(rawFormOf('../upload/archive/mainfile/a/b.archive.yaml#/definitions', 'own', mainfiles)).toBe(
      '../upload/raw/a/b.archive.yaml#/definitions',
    );
  });

  it('leave data references, unknown entries and other strings as they are', () => {
    expect(rawFormOf('../upload/archive/E1#/data', 'own', mainfiles)).toBeUndefined();
    expect(
      rawFormOf('../upload/archive/E9#/definitions/section_definitions/0', 'own', mainfiles),
    ).toBeUndefined();
    expect(rawFormOf('#/definitions/section_definitions/0', 'own', mainfiles)).toBeUndefined();
    const archive = {
      definitions: {
        sections: { S: { base_sections: ['../upload/archive/E1#/definitions/section_definitions/0'] } },
      },
      data: { m_def: '#S', instrument: '../upload/archive/E1#/data' },
    };
    const rewritten = withRawDefinitionForms(archive, 'own', mainfiles);
    expect(rewritten.definitions).toEqual({
      sections: {
        S: { base_sections: ['../upload/raw/schemas/lab.archive.yaml#/definitions/section_definitions/0'] },
      },
    });
    // Parts without such references are the same objects.
    expect(rewritten.data).toBe(archive.data);
  });
});
