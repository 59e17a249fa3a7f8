/**
 * The section-select dialog's filters (spec 2 §6): whose entries, and in which state of publication.
 */
export type OwnerFilter = 'all' | 'mine' | 'others' | 'upload';

export const OWNER_FILTERS: readonly { value: OwnerFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Only mine' },
  { value: 'others', label: 'Only from others' },
  { value: 'upload', label: 'Only this upload' },
];

export interface SectionSelectFilter {
  owner: OwnerFilter;
  published: boolean;
  unpublished: boolean;
}

/** The search body of entries of `target` (a section's search name) that pass the filter. */
export const sectionSelectRequest = (
  target: string,
  filter: SectionSelectFilter,
  me: string | undefined,
  uploadId: string,
) => {
  const query: Record<string, unknown> = { 'section_defs.definition_qualified_name': target };
  if (filter.owner === 'others' && me) query['main_author:none'] = [me];
  if (filter.owner === 'upload') query.upload_id = uploadId;
  if (filter.published !== filter.unpublished) query.published = filter.published;
  return {
    owner: filter.owner === 'mine' ? ('user' as const) : ('visible' as const),
    query,
    pagination: { page_size: 20, order_by: 'upload_create_time', order: 'desc' as const },
    required: { include: ['entry_id', 'upload_id', 'entry_name', 'mainfile', 'published'] },
  };
};
