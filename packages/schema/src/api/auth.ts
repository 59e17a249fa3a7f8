import { Type, type Static } from '@sinclair/typebox';
import { Timestamp } from './common.ts';

/** Username and password, as query parameters (GET) or form/JSON fields (POST) of `/auth/token`. */
export const TokenCredentialsSchema = Type.Object(
  {
    username: Type.String(),
    password: Type.String(),
  },
  // OAuth2 password-form clients also send grant_type, scope, client_id...; they are ignored.
  { additionalProperties: true },
);
export type TokenCredentials = Static<typeof TokenCredentialsSchema>;

export const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.String({ description: "Always 'bearer'." }),
});
export type TokenResponse = Static<typeof TokenResponseSchema>;

/** NOMAD's default of `services.app_token_max_expires_in` (30 days), the longest an app token may live. */
export const APP_TOKEN_MAX_EXPIRES_IN = 2592000;

export const AppTokenQuerySchema = Type.Object({
  expires_in: Type.Integer({
    minimum: 1,
    description:
      "Lifetime of the app token in seconds, at most the installation's services.app_token_max_expires_in " +
      `(default ${APP_TOKEN_MAX_EXPIRES_IN}).`,
  }),
});
export type AppTokenQuery = Static<typeof AppTokenQuerySchema>;

export const AppTokenResponseSchema = Type.Object({ app_token: Type.String() });
export type AppTokenResponse = Static<typeof AppTokenResponseSchema>;

/** An app token of the user as listed for revoking; the token itself is shown only once, when created. */
export const AppTokenInfoSchema = Type.Object({
  token_id: Type.String({ description: "The token's id (its jti claim)." }),
  created: Timestamp(),
  expires_at: Timestamp(),
});
export type AppTokenInfo = Static<typeof AppTokenInfoSchema>;

export const AppTokensResponseSchema = Type.Object({
  data: Type.Array(AppTokenInfoSchema, { description: 'Newest first.' }),
});
export type AppTokensResponse = Static<typeof AppTokensResponseSchema>;

export const AppTokenIdParamsSchema = Type.Object({ token_id: Type.String() });
