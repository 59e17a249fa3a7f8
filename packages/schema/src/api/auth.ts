import { Type, type Static } from '@sinclair/typebox';

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

export const APP_TOKEN_MAX_EXPIRES_IN = 2592000;

export const AppTokenQuerySchema = Type.Object({
  expires_in: Type.Integer({
    minimum: 1,
    description: `Lifetime of the app token in seconds (at most ${APP_TOKEN_MAX_EXPIRES_IN}).`,
  }),
});
export type AppTokenQuery = Static<typeof AppTokenQuerySchema>;

export const AppTokenResponseSchema = Type.Object({ app_token: Type.String() });
export type AppTokenResponse = Static<typeof AppTokenResponseSchema>;
