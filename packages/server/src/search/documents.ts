const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;
const userObject = (alias: string) =>
  `jsonb_build_object('user_id', ${alias}.user_id, 'name', trim(${alias}.first_name || ' ' || ${alias}.last_name))`;
const usersOf = (ids: string) =>
  `COALESCE((SELECT jsonb_agg(${userObject('x')} ORDER BY array_position(${ids}, x.user_id))
             FROM users x WHERE x.user_id = ANY(${ids})), '[]'::jsonb)`;

/**
 * The datasets of entry `e` as NOMAD indexes them (id, name, DOI, times, type), oldest first. Membership
 * or dataset changes give the entries a new change number (migration 006), so the index follows.
 */
export const entryDatasetsSql = `
  COALESCE((SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'dataset_id', d.dataset_id,
      'dataset_name', d.dataset_name,
      'doi', d.doi,
      'dataset_create_time', ${isoText('d.dataset_create_time')},
      'dataset_modified_time', ${isoText('d.dataset_modified_time')},
      'dataset_type', d.dataset_type)) ORDER BY d.dataset_create_time, d.dataset_id)
    FROM dataset_entries de JOIN datasets d USING (dataset_id) WHERE de.entry_id = e.entry_id), '[]'::jsonb)`;

/**
 * The entry's own part of its search document: what processing indexed, overridden by what users set
 * (user_metadata: comment, references, entry name; it survives reprocessing), plus the entry row's fields.
 */
const entryPartSql = `
  e.metadata || e.user_metadata || jsonb_build_object(
    'entry_id', e.entry_id,
    'upload_id', e.upload_id,
    'mainfile', e.mainfile,
    'parser_name', e.parser_name,
    'process_status', e.process_status,
    'process_running', e.process_status IN ('PENDING', 'RUNNING'),
    'datasets', ${entryDatasetsSql}
  )`;

/** A text array as a JSON array, each id once where it first appears. */
const distinctIds = (ids: string) =>
  `to_jsonb(ARRAY(SELECT g FROM unnest(${ids}) WITH ORDINALITY AS t(g, i) GROUP BY g ORDER BY min(i)))`;

/**
 * The upload's part of the search documents of its entries (name, authors, visibility). As in NOMAD's
 * documents, writer_groups are the co-author groups and viewer_groups the co-author and reviewer groups.
 */
export const uploadPartSql = `
  jsonb_build_object(
    'upload_name', u.upload_name,
    'upload_create_time', ${isoText('u.upload_create_time')},
    'published', u.published,
    'publish_time', CASE WHEN u.publish_time IS NULL THEN NULL ELSE ${isoText('u.publish_time')} END,
    'with_embargo', u.with_embargo,
    'embargo_length', u.embargo_length,
    'license', u.license,
    'main_author', ${usersOf('ARRAY[u.main_author]')} -> 0,
    'authors', ${usersOf('ARRAY[u.main_author] || u.coauthors')},
    'writers', ${usersOf('ARRAY[u.main_author] || u.coauthors')},
    'viewers', ${usersOf('ARRAY[u.main_author] || u.coauthors || u.reviewers')},
    'writer_groups', ${distinctIds('u.coauthor_groups')},
    'viewer_groups', ${distinctIds('u.coauthor_groups || u.reviewer_groups')}
  )`;

/**
 * The search document of an entry (`e` joined with its upload `u`): the entry's part plus the upload's
 * current metadata, joined when read so that editing an upload never leaves stale copies behind.
 */
export const documentSql = `(${entryPartSql}) || ${uploadPartSql}`;
