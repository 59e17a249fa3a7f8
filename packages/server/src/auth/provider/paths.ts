import type { OasisConfig } from '../../config/config.ts';
import { embeddedRealmPath } from '../urls.ts';

/** Absolute paths of the provider's pages, for form actions and links. */
export const providerPaths = (config: OasisConfig) => {
  const realm = embeddedRealmPath(config);
  return {
    auth: `${realm}/protocol/openid-connect/auth`,
    registrations: `${realm}/protocol/openid-connect/registrations`,
    logout: `${realm}/protocol/openid-connect/logout`,
    account: `${realm}/account`,
  };
};
