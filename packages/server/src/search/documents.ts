const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;
const userObject = (alias: string) =>
  `jsonb_build_object('user_id', ${alias}.user_id, 'name', trim(${alias}.first_name || ' ' || ${alias}.last_name))`;
const usersOf = (ids: string) =>
  `COALESCE((SELECT jsonb_agg(${userObject('x')} ORDER BY array_position(${ids}, x.user_id))
             FROM users x WHERE x.user_id = ANY(${ids})), '[]'::jsonb)`;

/** The entry's own part of its search document: what processing indexed plus the entry row's fields. */
const entryPartSql = `
  e.metadata || jsonb_build_object(
    'entry_id', e.entry_id,
    'upload_id', e.upload_id,
    'mainfile', e.mainfile,
    'parser_name', e.parser_name,
    'process_status', e.process_status,
    'process_running', e.process_status IN ('PENDING', 'RUNNING'),
    'datasets', COALESCE(e.metadata -> 'datasets', '[]'::jsonb)
  )`;

/** The upload's part of the search documents of its entries (name, authors, visibility). */
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
    'viewers', ${usersOf('ARRAY[u.main_author] || u.coauthors || u.reviewers')}
  )`;

/**
 * The search document of an entry (`e` joined with its upload `u`): the entry's part plus the upload's
 * current metadata, joined when read so that editing an upload never leaves stale copies behind.
 */
export const documentSql = `(${entryPartSql}) || ${uploadPartSql}`;
