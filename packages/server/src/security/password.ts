import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard). The stored string names the algorithm and its parameters,
 * `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be raised later without breaking old hashes.
 */
const defaults = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;
const saltLength = 16;

const derive = (
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> => {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly that for N=2^15, r=8, so raise it.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
};

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, defaults);
  return [
    'scrypt',
    defaults.N,
    defaults.r,
    defaults.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
};

const parse = (stored: string) => {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Refuse absurd parameters from a tampered row instead of allocating gigabytes.
  if (
    ![params.N, params.r, params.p].every(Number.isInteger) ||
    params.N > 2 ** 20 ||
    params.r > 32 ||
    params.p > 16
  ) {
    return undefined;
  }
  return { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length !== keyLength) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.hash);
};

/**
 * A valid hash of a password nobody knows (random, discarded): checking a login for a user that does not
 * exist against it takes as long as a real check, so response times do not reveal which usernames exist.
 */
export const UNKNOWN_USER_PASSWORD_HASH =
  'scrypt$32768$8$1$QVLLqmVF_wr0f6m5XNxvTg$FzFaBxso5iRAeTp8Kzl23ug0V3n7tC4Ym5DrrnyQ4AA';
