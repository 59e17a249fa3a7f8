import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { parseAuthRequest } from './auth-request.ts';
import { escapeHtml } from './html.ts';
import { isAllowedRedirect } from './redirect-uris.ts';

const config = loadConfig({ OASIS_PUBLIC_URL: 'https://oasis.example.org' });
const valid = {
  client_id: 'nomad_public',
  redirect_uri: 'https://oasis.example.org/nomad-oasis/gui/auth/callback',
  response_type: 'code',
  scope: 'openid',
  state: 's',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};

describe('authorization request validation', () => {
  it('accepts a code request with PKCE for the configured client', () => {
    expect(parseAuthRequest(config, valid)).toMatchObject({
      kind: 'client',
      request: { state: 's', responseMode: 'query' },
    });
  });

  it('never redirects to other origins or for unknown clients', () => {
    for (const redirect_uri of [
      'https://evil.example/cb',
      'https://oasis.example.org.evil.example/',
      '//evil.example/',
      'javascript:alert(1)',
      'https://user@oasis.example.org/',
    ]) {
      expect(parseAuthRequest(config, { ...valid, redirect_uri }).kind).toBe('error-page');
    }
    expect(parseAuthRequest(config, { ...valid, client_id: 'other' }).kind).toBe('error-page');
  });

  it('matches redirect URIs exactly or by a prefix ending in *, after normalising', () => {
    const custom = {
      ...config,
      redirectUris: ['https://app.example.org/callback', '/nomad-oasis/gui/*', 'org.example.app:/done'],
    };
    for (const uri of [
      'https://app.example.org/callback',
      'https://oasis.example.org/nomad-oasis/gui/',
      'https://oasis.example.org/nomad-oasis/gui/search/entries?q=1',
      'HTTPS://OASIS.EXAMPLE.ORG:443/nomad-oasis/gui/auth/callback',
      'org.example.app:/done',
    ]) {
      expect(isAllowedRedirect(custom, uri), uri).toBe(true);
    }
    for (const uri of [
      'https://app.example.org/callback/',
      'https://app.example.org/callback?next=x',
      'https://oasis.example.org/nomad-oasis/gui',
      'https://oasis.example.org/nomad-oasis/guide',
      'https://oasis.example.org/nomad-oasis/gui/../api/v1/info',
      'https://oasis.example.org/nomad-oasis/gui/%2e%2e/api/v1/info',
      'https://oasis.example.org/nomad-oasis/gui\\..\\api',
      'https://oasis.example.org/nomad-oasis/gui/#frag',
      'https://a:b@oasis.example.org/nomad-oasis/gui/',
      'not a url',
    ]) {
      expect(isAllowedRedirect(custom, uri), uri).toBe(false);
    }
  });

  it('sends protocol errors back to a trusted redirect_uri', () => {
    const flow = parseAuthRequest(config, { ...valid, code_challenge_method: 'plain' });
    expect(flow.kind).toBe('error-redirect');
    const url = new URL(flow.kind === 'error-redirect' ? flow.url : '');
    expect(url.origin).toBe('https://oasis.example.org');
    expect(url.searchParams.get('error')).toBe('invalid_request');
    expect(url.searchParams.get('state')).toBe('s');
  });

  it('treats a request without client parameters as a login to the account page', () => {
    expect(parseAuthRequest(config, {}).kind).toBe('account');
  });

  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe(
      '&#60;a href&#61;&#34;x&#34; onclick&#61;&#39;y&#39;&#62;&#38;',
    );
  });
});
