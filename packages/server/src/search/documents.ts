import type { Owner } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import { unauthorized } from '../errors.ts';
import type { SqlParams } from './sql.ts';

const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;
const userObject = (alias: string) =>
  `jsonb_build_object('user_id', ${alias}.user_id, 'name', trim(${alias}.first_name || ' ' || ${alias}.last_name))`;
const usersOf = (ids: string) =>
  `COALESCE((SELECT jsonb_agg(${userObject('x')} ORDER BY array_position(${ids}, x.user_id))
             FROM users x WHERE x.user_id = ANY(${ids})), '[]'::jsonb)`;

/**
 * The search document of an entry: what processing indexed, plus the upload's current metadata (name,
 * authors, visibility), joined at query time so editing an upload never leaves stale copies behind.
 */
export const documentSql = `
  e.metadata || jsonb_build_object(
    'entry_id', e.entry_id,
    'upload_id', e.upload_id,
    'mainfile', e.mainfile,
    'parser_name', e.parser_name,
    'process_status', e.process_status,
    'process_running', e.process_status IN ('PENDING', 'RUNNING'),
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
    'datasets', COALESCE(e.metadata -> 'datasets', '[]'::jsonb)
  )`;

const ownersNeedingLogin: readonly Owner[] = ['shared', 'user', 'staging', 'admin'];

/**
 * NOMAD's owner semantics: public = published without embargo; visible = public plus what the user is a
 * member of; shared = uploads the user is a member of; user = uploads where the user is main author;
 * staging = unpublished uploads the user is a member of; all = everything published (embargoed metadata
 * included) plus the user's own; admin = everything, admins only.
 */
export const ownerSql = (owner: Owner, user: CurrentUser | undefined, params: SqlParams): string => {
  if (!user && ownersNeedingLogin.includes(owner)) {
    throw unauthorized(`Authentication required for owner value ${owner}`);
  }
  const publicSql = '(u.published AND NOT u.with_embargo)';
  if (!user) return owner === 'all' ? 'u.published' : publicSql;
  const id = params.add(user.user_id);
  const member = `(u.main_author = ${id} OR ${id} = ANY(u.coauthors) OR ${id} = ANY(u.reviewers))`;
  switch (owner) {
    case 'public':
      return publicSql;
    case 'visible':
      return user.is_admin ? 'TRUE' : `(${publicSql} OR ${member})`;
    case 'shared':
      return member;
    case 'user':
      return `u.main_author = ${id}`;
    case 'staging':
      return `(NOT u.published AND ${member})`;
    case 'all':
      return `(u.published OR ${member})`;
    case 'admin':
      if (!user.is_admin) throw unauthorized('This can only be used by the admin user.');
      return 'TRUE';
  }
};
