import { describe, expect, it } from 'vitest';
import { walkXml, type XmlElement } from './xml-stream.ts';

interface Seen {
  name: string;
  parentPath: string;
  setIndex: number;
  text: string | undefined;
}

function walk(xml: string): Seen[] {
  const seen: Seen[] = [];
  walkXml(
    Buffer.from(xml, 'latin1'),
    {
      close: (element: XmlElement, text) =>
        seen.push({
          name: element.name,
          parentPath: element.parent?.path ?? '',
          setIndex: element.setIndex,
          text,
        }),
    },
    'test.xml',
  );
  return seen;
}

describe('walkXml', () => {
  it('gives leaves their text, parents their keyed path and sets their index', () => {
    const seen = walk(
      '<?xml version="1.0" encoding="ISO-8859-1"?>\n<modeling><varray name="basis"><v> 1 2 3 </v></varray>' +
        '<array><set><set comment="spin 1"><r>1</r></set><set comment="spin 2"><r>2</r></set></set></array></modeling>',
    );
    expect(seen[0]).toEqual({
      name: 'v',
      parentPath: 'modeling/varray[basis]',
      setIndex: -1,
      text: ' 1 2 3 ',
    });
    const rows = seen.filter((s) => s.name === 'r');
    expect(rows.map((r) => r.parentPath)).toEqual(['modeling/array/set/set', 'modeling/array/set/set']);
    const spinSets = seen.filter((s) => s.name === 'set' && s.parentPath === 'modeling/array/set');
    expect(spinSets.map((s) => s.setIndex)).toEqual([0, 1]);
    // Elements with children get no text.
    expect(seen.find((s) => s.name === 'varray')?.text).toBeUndefined();
  });

  it('decodes latin1 bytes as the declared ISO-8859-1', () => {
    const bytes = Buffer.concat([Buffer.from('<a><c>'), Buffer.from([0xc5]), Buffer.from('ngstr</c></a>')]);
    const texts: (string | undefined)[] = [];
    walkXml(bytes, { close: (_e, text) => texts.push(text) }, 'test.xml');
    expect(texts[0]).toBe('Ångstr');
  });

  it('names the open elements of a truncated file', () => {
    expect(() => walk('<modeling>\n <calculation>\n  <scstep>\n   <time name="dav">  1.0')).toThrow(
      'test.xml is truncated: the file ends (line 4) inside <modeling> > <calculation> > <scstep> > <time>' +
        ' (<time> opened on line 4)',
    );
  });

  it('reports malformed XML and empty files', () => {
    expect(() => walk('<modeling><i></v></modeling>')).toThrow(
      'test.xml is not well-formed XML at line 1, column 17: unexpected close tag.',
    );
    expect(() => walk('   ')).toThrow('test.xml is empty: it has no XML element');
  });

  it('lets errors of the visitor through unchanged', () => {
    const failing = (): void =>
      walkXml(
        Buffer.from('<a><b/></a>'),
        {
          close: () => {
            throw new Error('visitor says no');
          },
        },
        'test.xml',
      );
    expect(failing).toThrow(/^visitor says no$/);
  });
});
