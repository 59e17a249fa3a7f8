import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SIGNING_ALG, type KeyStore } from '../keys.ts';
import { oidcEndpoint, realmIssuer } from '../urls.ts';

/** OpenID discovery document and the public keys (JWKS) that verify the provider's tokens. */
export const discoveryRoutes =
  (ctx: AppContext, keyStore: KeyStore): FastifyPluginAsync =>
  async (app) => {
    const { config } = ctx;
    app.get('/.well-known/openid-configuration', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
      return {
        issuer: realmIssuer(config),
        authorization_endpoint: oidcEndpoint(config, 'auth'),
        token_endpoint: oidcEndpoint(config, 'token'),
        userinfo_endpoint: oidcEndpoint(config, 'userinfo'),
        end_session_endpoint: oidcEndpoint(config, 'logout'),
        check_session_iframe: oidcEndpoint(config, 'login-status-iframe.html'),
        jwks_uri: oidcEndpoint(config, 'certs'),
        registration_page: oidcEndpoint(config, 'registrations'),
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'password'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [SIGNING_ALG],
        token_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'profile', 'email'],
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'sid',
          'nonce',
          'preferred_username',
          'name',
          'given_name',
          'family_name',
          'email',
        ],
      };
    });
    app.get('/protocol/openid-connect/certs', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
      return (await keyStore.keys()).jwks;
    });
  };
