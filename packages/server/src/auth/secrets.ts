import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable opaque value (codes, refresh tokens, session and CSRF tokens): 256 random bits. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** Opaque secrets are stored only as their SHA-256, so a database leak does not hand out live tokens. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
