import { createUser } from '../store/users.ts';
import type { TestServer } from './test-server.ts';

/**
 * Creates a local account and returns an access token for it, obtained the way scripts do:
 * GET /auth/token with username and password against the running server.
 */
export const createUserWithToken = async (server: TestServer, username: string): Promise<string> => {
  const password = `${username}-password`;
  await createUser(server.ctx.db, {
    username,
    password,
    email: `${username}@example.org`,
    first_name: username[0]!.toUpperCase() + username.slice(1),
    last_name: 'Tester',
  });
  const response = await fetch(
    `${server.api}/auth/token?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`,
  );
  if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
};
