// Written by `npm run db:types` from the migrated schema (db/table-types.ts): do not edit by hand.
import type { JsonColumn } from './json-columns.ts';

/** Every table after all migrations: its columns as the database drivers return them. */
export interface Tables {
  app_tokens: {
    token_id: string;
    user_id: string;
    created: Date;
    expires_at: Date;
  };
  dataset_entries: {
    dataset_id: string;
    entry_id: string;
  };
  datasets: {
    dataset_id: string;
    dataset_name: string;
    user_id: string;
    dataset_create_time: Date;
    dataset_modified_time: Date;
    dataset_type: string;
    doi: string | null;
  };
  entries: {
    entry_id: string;
    upload_id: string;
    mainfile: string;
    parser_name: string;
    process_status: string;
    errors: JsonColumn<'entries', 'errors'>;
    warnings: JsonColumn<'entries', 'warnings'>;
    entry_create_time: Date;
    complete_time: Date | null;
    metadata: JsonColumn<'entries', 'metadata'>;
    search_seq: number | string;
    user_metadata: JsonColumn<'entries', 'user_metadata'>;
  };
  jobs: {
    job_id: number | string;
    kind: string;
    upload_id: string | null;
    payload: JsonColumn<'jobs', 'payload'>;
    state: string;
    attempts: number;
    error: string | null;
    created_at: Date;
    started_at: Date | null;
    finished_at: Date | null;
    lease_owner: string | null;
    lease_expires_at: Date | null;
  };
  login_failures: {
    kind: string;
    key: string;
    count: number;
    last_failure: number | string;
  };
  node_leases: {
    name: string;
    holder: string;
    expires_at: Date;
  };
  oidc_codes: {
    code_hash: string;
    client_id: string;
    redirect_uri: string;
    user_id: string;
    scope: string;
    nonce: string | null;
    code_challenge: string | null;
    code_challenge_method: string | null;
    session_id: string | null;
    expires_at: Date;
  };
  oidc_keys: {
    kid: string;
    private_jwk: JsonColumn<'oidc_keys', 'private_jwk'>;
    public_jwk: JsonColumn<'oidc_keys', 'public_jwk'>;
    created: Date;
    retire_at: Date | null;
  };
  oidc_refresh_tokens: {
    token_hash: string;
    user_id: string;
    client_id: string;
    scope: string;
    session_id: string | null;
    expires_at: Date;
    revoked: boolean;
  };
  oidc_sessions: {
    session_hash: string;
    user_id: string;
    expires_at: Date;
  };
  schema_migrations: {
    version: string;
    applied_at: Date;
  };
  search_deletions: {
    search_seq: number | string;
    entry_id: string;
  };
  search_snapshots: {
    token: string;
    change: number | string;
    created_at: Date;
  };
  section_definitions: {
    definition_id: string;
    entry_id: string;
    path: string;
  };
  uploads: {
    upload_id: string;
    upload_name: string | null;
    main_author: string;
    coauthors: string[];
    reviewers: string[];
    coauthor_groups: string[];
    reviewer_groups: string[];
    upload_create_time: Date;
    published: boolean;
    publish_time: Date | null;
    with_embargo: boolean;
    embargo_length: number;
    license: string;
    process_status: string;
    current_process: string | null;
    last_status_message: string | null;
    errors: JsonColumn<'uploads', 'errors'>;
    warnings: JsonColumn<'uploads', 'warnings'>;
    complete_time: Date | null;
    search_seq: number | string;
    published_to: string[];
  };
  user_groups: {
    group_id: string;
    group_name: string;
    owner: string;
    members: string[];
    created: Date;
  };
  user_invitations: {
    token_hash: string;
    user_id: string;
    invited_by: string;
    expires_at: Date;
    created: Date;
    used: boolean;
  };
  users: {
    user_id: string;
    username: string;
    email: string | null;
    first_name: string;
    last_name: string;
    affiliation: string | null;
    affiliation_address: string | null;
    password_hash: string | null;
    is_admin: boolean;
    created: Date;
  };
}
