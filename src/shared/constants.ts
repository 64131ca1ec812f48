/**
 * [9] Business constants and limits: the numbers the product's rules use.
 *
 * Separate from deployment configuration (src/server/config.ts, the environment):
 * these change with the specification and ship in both the browser and the server,
 * so a limit is enforced by the same number on both sides. Validation schemas, page
 * sizes and (later) per-operation rate limits read from here.
 *
 * The specification's own constants come from spec/constants.ts (`npm run spec` writes
 * generated/constants.ts) and are re-exported here as `specConstants`; the values below
 * are the foundation's defaults, chosen to bound every input (docs/spec.md, point 9).
 */
export { specConstants } from './generated/constants.ts';

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  return Object.freeze(value);
}

export const limits = deepFreeze({
  text: {
    /** Names, titles, labels. */
    short: 120,
    /** Descriptions and free text. */
    long: 10_000,
  },
  /** RFC 5321 caps an address at 254 characters. */
  emailLength: 254,
  /** NIST SP 800-63B: at least 8; long passphrases welcome, but bounded (hashing cost). */
  password: { min: 10, max: 128 },
  /** Identifiers the server makes (cuid, UUID) fit with room to spare. */
  idLength: 64,
  /** E-mailed one-time tokens (signed JWTs from the auth library). */
  tokenLength: 2048,
  /** Opaque pagination cursors. */
  cursorLength: 256,
  /** Transactional e-mail as stored in the outbox. */
  email: {
    /** RFC 5322's line limit; subjects are one line. */
    subjectLength: 998,
    /** A rendered HTML or text body. */
    bodyLength: 1_000_000,
    /** The last delivery error kept on a row. */
    errorLength: 2_000,
  },
  /** Items in any list a client sends. */
  listItems: 100,
  page: {
    defaultSize: 20,
    maxSize: 100,
  },
} as const);

/** How long identity's e-mailed links and sessions last; e-mails quote the same numbers. */
export const identityLifetimes = deepFreeze({
  verificationLinkHours: 24,
  resetLinkHours: 1,
  sessionDays: 30,
} as const);
