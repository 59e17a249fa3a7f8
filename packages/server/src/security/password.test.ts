import { describe, expect, it } from 'vitest';
import { hashPassword, UNKNOWN_USER_PASSWORD_HASH, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('hashes with scrypt in a self-describing format and verifies', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('rejects malformed or tampered hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).toBe(false);
    expect(await verifyPassword('x', UNKNOWN_USER_PASSWORD_HASH)).toBe(false);
  });
});
