import { LIST, section, str, SUGGESTED } from '../define.ts';

/** results.eln: what electronic lab-notebook entries are about, collected from their data for search. */

export const eln = section('ELN', 'Keywords of an electronic lab-notebook entry, for search.', [
  str('sections', 'Names of the section definitions the entry data uses.', { shape: LIST, search: true }),
  str('tags', 'Tags given to the entry and its data.', { shape: LIST, search: true }),
  str('names', 'Names given in the entry data.', { shape: LIST, search: { aggregatable: false } }),
  str('descriptions', 'Descriptions given in the entry data.', {
    shape: LIST,
    search: { aggregatable: false },
  }),
  str('instruments', 'Instruments the entry data names.', { shape: LIST, search: true }),
  str('methods', 'Methods the entry data names.', { shape: LIST, search: true }),
  str('lab_ids', 'Laboratory identifiers of the samples and items in the entry data.', {
    shape: LIST,
    ...SUGGESTED,
  }),
]);
