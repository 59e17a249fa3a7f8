import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.ts';
import { choosePreview, extensionOf, failedToOpenText, previewWithText } from './viewers.ts';

describe('file sizes', () => {
  it('uses bytes, kB, MB and GB with one decimal, rounded from 100 on', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(999)).toBe('999 bytes');
    expect(formatFileSize(1000)).toBe('1.0 kB');
    expect(formatFileSize(16384)).toBe('16.4 kB');
    expect(formatFileSize(99_949)).toBe('99.9 kB');
    expect(formatFileSize(123_456)).toBe('123 kB');
    expect(formatFileSize(2_500_000)).toBe('2.5 MB');
    expect(formatFileSize(3_200_000_000)).toBe('3.2 GB');
    expect(formatFileSize(4_500_000_000_000)).toBe('4500 GB');
  });
});

describe('preview viewers', () => {
  it('picks the viewer by extension, case-insensitively, and text for anything else', () => {
    expect(extensionOf('a.b.PNG')).toBe('png');
    expect(extensionOf('.bashrc')).toBe('');
    expect(choosePreview('x.JSON', 10).viewer.name).toBe('json');
    expect(choosePreview('scan.nxs', 10).viewer.name).toBe('hdf5');
    expect(choosePreview('INCAR', 10).viewer.name).toBe('text');
    expect(choosePreview('vasprun.xml', 10).viewer.name).toBe('text');
  });

  it('previews automatically below the limits of spec 3 §9 only', () => {
    expect(choosePreview('a.png', 9_999_999)).toMatchObject({ auto: true });
    expect(choosePreview('a.png', 10_000_000)).toMatchObject({ auto: false, viewer: { name: 'image' } });
    expect(choosePreview('a.cif', 99_999)).toMatchObject({ auto: true });
    expect(choosePreview('a.cif', 100_000)).toMatchObject({
      auto: false,
      viewer: { name: 'cif', width: 500 },
    });
    expect(choosePreview('big.txt', 5e9)).toMatchObject({ auto: true, viewer: { name: 'text', width: 700 } });
  });

  it('falls back to the text viewer for files of 50 MB and more', () => {
    expect(choosePreview('a.pdf', 49_999_999).viewer.name).toBe('pdf');
    expect(choosePreview('a.pdf', 50_000_000)).toMatchObject({ auto: true, viewer: { name: 'text' } });
  });

  it('has the texts of spec 3', () => {
    expect(previewWithText('pdf')).toBe('Preview with pdf viewer');
    expect(failedToOpenText('image')).toBe('Failed to open with image viewer. Bad file format?');
  });
});
