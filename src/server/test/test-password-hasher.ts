import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../features/auth/create-auth.ts';

const digest = (salt: string, password: string) => createHash('sha256').update(`${salt}:${password}`).digest('hex');

/**
 * A salted SHA-256 in the library's `salt:hash` shape, for the test apps: scrypt costs about
 * 0.3 s of CPU per hash and per check, which hundreds of sign-ups and sign-ins would pay.
 * Never for a real account; password-hashing.http.test.ts keeps the library's scrypt.
 */
export const testPasswordHasher: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${digest(salt, password)}`;
  },
  verify: async ({ hash, password }) => {
    const [salt = '', stored = ''] = hash.split(':');
    const given = Buffer.from(digest(salt, password), 'hex');
    const expected = Buffer.from(stored, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  },
};
