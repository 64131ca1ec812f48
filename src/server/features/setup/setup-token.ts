import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits: far beyond guessing, even at the strict rate limit's pace forever. */
const TOKEN_BYTES = 32;

/**
 * The secret of the first-run setup link (docs/decisions/0019-first-run.md): made at
 * each start, kept only in this process's memory, printed only to the server's log,
 * and retired for good once an administrator exists.
 */
export interface SetupToken {
  /** The token itself, for the link the server prints. */
  readonly value: string;
  /** Whether `candidate` is the token, compared in constant time; never once retired. */
  matches(candidate: string): boolean;
  /** An administrator exists: from now on no candidate matches. */
  retire(): void;
}

const digestOf = (text: string) => createHash('sha256').update(text).digest();

export function createSetupToken(): SetupToken {
  const value = randomBytes(TOKEN_BYTES).toString('base64url');
  // Digests have one length, so the comparison takes the same time whatever the
  // candidate's length, and never stops at the first differing character.
  const digest = digestOf(value);
  let retired = false;
  return {
    value,
    matches: (candidate) => !retired && timingSafeEqual(digestOf(candidate), digest),
    retire: () => {
      retired = true;
    },
  };
}
