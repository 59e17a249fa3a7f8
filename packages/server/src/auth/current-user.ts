/** The authenticated caller, as the API sees it (resolved from a verified bearer token). */
export interface CurrentUser {
  user_id: string;
  username: string;
  name: string;
  email?: string;
  is_admin: boolean;
  /** Ids of the user groups the caller owns or is a member of (upload roles through coauthor/reviewer groups). */
  group_ids?: readonly string[];
  /** Set when the caller authenticated with an app token rather than an access token of the provider. */
  appToken?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin when the request carries a valid token; undefined for anonymous calls. */
    user?: CurrentUser;
  }
}
