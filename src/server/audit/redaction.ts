/**
 * Field names whose values are secrets wherever they appear: never logged (app.ts's
 * log redaction) and never written to the audit trail. One list for both, so a
 * secret named here is kept out of every record the server writes about a call.
 */
export const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'key',
  'secret',
  'apiKey',
] as const;

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** A string longer than this is cut in the audit payload: the trail records what was done, not documents. */
const MAX_STRING = 500;
/** A payload whose JSON is longer than this is replaced by its length. */
const MAX_PAYLOAD = 8_000;
/** Nesting deeper than this is cut (inputs are depth-limited already: json-depth.ts). */
const MAX_DEPTH = 8;

const secret = new Set<string>(SECRET_FIELDS);

/** What a payload keeps out: personal fields replaced, bait fields left out, both by name. */
interface Omissions {
  personal: ReadonlySet<string>;
  dropped: ReadonlySet<string>;
}

function redactValue(value: unknown, omit: Omissions, depth: number): unknown {
  // An invalid date's toISOString throws, and the row commits with the change (audit-trail.ts):
  // a throw here would roll the change back. Every other value becomes plain JSON below.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[deeper]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, omit, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    if (omit.dropped.has(name)) continue;
    out[name] =
      item === undefined || item === null
        ? item
        : secret.has(name) || omit.personal.has(name)
          ? REDACTED
          : redactValue(item, omit, depth + 1);
  }
  return out;
}

/** The fields a procedure declares (`audit: { redact, drop }`, trpc/procedure.ts). */
export interface PayloadDeclaration {
  /** Personal fields: replaced by `[redacted]`, so the row still shows one was sent. */
  redact?: readonly string[] | undefined;
  /**
   * Fields left out altogether, value and name: what no person sends, such as the public
   * forms' honeypot (`website`), bot bait whose value is nobody's data and whose mere
   * presence would read, once redacted, as if something had been sent.
   */
  drop?: readonly string[] | undefined;
}

/**
 * A call's input as the audit trail keeps it (JSON text): secrets (`SECRET_FIELDS`)
 * and the fields a procedure declares personal (`audit.redact`) replaced at any
 * depth, the fields it declares bait (`audit.drop`) left out at any depth; long
 * strings cut; an oversized payload replaced by its size. An absent or empty value
 * is null.
 */
export function auditPayload(input: unknown, declared: PayloadDeclaration = {}): string | null {
  if (input === undefined) return null;
  const omit = { personal: new Set(declared.redact ?? []), dropped: new Set(declared.drop ?? []) };
  const json = JSON.stringify(redactValue(input, omit, 0));
  return json.length > MAX_PAYLOAD ? JSON.stringify({ truncated: true, length: json.length }) : json;
}
