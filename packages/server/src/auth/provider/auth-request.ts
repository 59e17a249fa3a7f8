import type { OasisConfig } from '../../config/config.ts';
import { isAllowedRedirect } from './redirect-uris.ts';

/** A validated authorization request of the public client (code flow with PKCE S256). */
export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge: string;
  responseMode: 'query' | 'fragment';
  prompt?: string;
}

/**
 * What an auth request turns into: a client's login, a login for the provider's own account page (no client
 * parameters at all), a page that shows an error (the redirect target is not trusted, so never redirect), or
 * an error sent back to the client's (trusted) redirect_uri.
 */
export type AuthFlow =
  | { kind: 'client'; request: AuthRequest }
  | { kind: 'account' }
  | { kind: 'error-page'; message: string }
  | { kind: 'error-redirect'; url: string };

export type Params = Record<string, string | undefined>;

/** Reads string parameters from a parsed query or form body; repeated or non-string values count as absent. */
export const toParams = (source: unknown): Params => {
  if (typeof source !== 'object' || source === null) return {};
  return Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
  );
};

const pkceChallenge = /^[A-Za-z0-9_-]{43,128}$/;

/** The authorization response URL: parameters in the query (default) or in the fragment. */
export const authResponseUrl = (
  redirectUri: string,
  responseMode: 'query' | 'fragment',
  params: Record<string, string | undefined>,
): string => {
  const url = new URL(redirectUri);
  const values = Object.entries(params).flatMap(([k, v]) =>
    v === undefined ? [] : [[k, v] as [string, string]],
  );
  if (responseMode === 'fragment') {
    url.hash = new URLSearchParams(values).toString();
  } else {
    for (const [key, value] of values) url.searchParams.set(key, value);
  }
  return url.toString();
};

export const parseAuthRequest = (config: OasisConfig, params: Params): AuthFlow => {
  const clientId = params.client_id;
  const redirectUri = params.redirect_uri;
  if (!clientId && !redirectUri) return { kind: 'account' };
  if (clientId !== config.keycloak.clientId) return { kind: 'error-page', message: 'Client not found.' };
  if (!redirectUri || !isAllowedRedirect(config, redirectUri)) {
    return { kind: 'error-page', message: 'Invalid parameter: redirect_uri.' };
  }
  // From here on the redirect_uri is trusted, so protocol errors go back to the client as OAuth says.
  const responseMode = params.response_mode ?? 'query';
  const fail = (error: string, description: string): AuthFlow => ({
    kind: 'error-redirect',
    url: authResponseUrl(redirectUri, responseMode === 'fragment' ? 'fragment' : 'query', {
      error,
      error_description: description,
      state: params.state,
    }),
  });
  if (responseMode !== 'query' && responseMode !== 'fragment') {
    return fail('invalid_request', 'Invalid parameter: response_mode.');
  }
  if (params.response_type !== 'code') {
    return fail(
      'unsupported_response_type',
      'Only the authorization code flow (response_type=code) is supported.',
    );
  }
  if (!params.code_challenge || params.code_challenge_method !== 'S256') {
    return fail(
      'invalid_request',
      'Missing parameter: code_challenge with code_challenge_method=S256 (PKCE) is required.',
    );
  }
  if (!pkceChallenge.test(params.code_challenge))
    return fail('invalid_request', 'Invalid parameter: code_challenge.');
  return {
    kind: 'client',
    request: {
      clientId,
      redirectUri,
      scope: params.scope ?? 'openid',
      state: params.state,
      nonce: params.nonce,
      codeChallenge: params.code_challenge,
      responseMode,
      prompt: params.prompt,
    },
  };
};

/** The request's parameters for hidden form fields and links (`prompt` is done once the form shows). */
export const authRequestParams = (flow: AuthFlow): Record<string, string | undefined> =>
  flow.kind !== 'client'
    ? {}
    : {
        client_id: flow.request.clientId,
        redirect_uri: flow.request.redirectUri,
        response_type: 'code',
        scope: flow.request.scope,
        state: flow.request.state,
        nonce: flow.request.nonce,
        code_challenge: flow.request.codeChallenge,
        code_challenge_method: 'S256',
        response_mode: flow.request.responseMode === 'query' ? undefined : flow.request.responseMode,
      };

export const queryString = (params: Record<string, string | undefined>): string => {
  const search = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, v] as [string, string]])),
  ).toString();
  return search ? `?${search}` : '';
};
