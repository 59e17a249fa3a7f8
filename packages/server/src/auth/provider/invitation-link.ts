import type { OasisConfig } from '../../config/config.ts';
import { embeddedRealmPath } from '../urls.ts';

/** Where an invited user chooses their password (Keycloak's path for such action links), relative to the realm. */
export const INVITATION_PAGE = '/login-actions/action-token';

/**
 * The link of an invitation mail. The token travels as `token`, a query parameter the request log redacts;
 * the page is sent with no-referrer, so it does not leak through links either.
 */
export const invitationLink = (config: OasisConfig, token: string): string =>
  `${config.publicOrigin}${embeddedRealmPath(config)}${INVITATION_PAGE}?${new URLSearchParams({ token }).toString()}`;
