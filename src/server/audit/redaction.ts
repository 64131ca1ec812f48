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

function redactValue(value: unknown, personal: ReadonlySet<string>, depth: number): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[deeper]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, personal, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    out[name] =
      item === undefined || item === null
        ? item
        : secret.has(name) || personal.has(name)
          ? REDACTED
          : redactValue(item, personal, depth + 1);
  }
  return out;
}

/**
 * A call's input as the audit trail keeps it (JSON text): secrets (`SECRET_FIELDS`)
 * and the fields a procedure declares personal (`audit.redact`) replaced at any
 * depth; long strings cut; an oversized payload replaced by its size. An absent or
 * empty value is null.
 */
export function auditPayload(input: unknown, personal: readonly string[] = []): string | null {
  if (input === undefined) return null;
  const json = JSON.stringify(redactValue(input, new Set(personal), 0));
  return json.length > MAX_PAYLOAD ? JSON.stringify({ truncated: true, length: json.length }) : json;
}
