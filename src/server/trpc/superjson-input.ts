import SuperJSON from 'superjson';
import { AppError } from '../../shared/errors.ts';

/**
 * superjson for what clients send, with its metadata checked first. superjson's
 * `meta` is the caller's to write, and superjson trusts it: `{"values":"x"}` made it
 * recurse until the stack overflowed (40–90 ms of CPU for a 33-byte request, issue
 * 16), and a `bigint` tag on a 1 MB string costs 135 ms to read. So the metadata
 * must be the grammar superjson 2.2 writes (plainer.ts), narrowed to what an input
 * can use, before superjson sees it. The check reads each tag and path once, so its
 * work is linear in the metadata and never deeper than the input (json-depth.ts).
 *
 * - `v` is 1: the path grammar superjson writes since 2.0 (`\.` and `\\` escapes).
 * - `values` is `[tag]` for the input itself, or `{ path: [tag] }`; each path names
 *   a value that exists in `json`, of the kind its tag reads (a string for `Date`,
 *   null for `undefined`). Only leaf tags are accepted, so no tag has children.
 * - `referentialEqualities` (which values were one object on the client) is
 *   accepted and ignored: a schema copies what it parses anyway, and replaying it
 *   would let a caller alias one subtree at many paths or make a cycle.
 */

/** superjson's tags an input may carry, and the JSON each is read from. */
const ACCEPTED_TAGS: Readonly<Record<string, (json: unknown) => boolean>> = {
  // An optional field the client left undefined.
  undefined: (json) => json === null,
  // No input schema takes a Date yet; the client would send one this way.
  Date: (json) => typeof json === 'string',
  // NaN, ±Infinity, -0: read, so that the schema refuses them naming the field.
  number: (json) => json === 'NaN' || json === 'Infinity' || json === '-Infinity' || json === '-0',
};

export const MALFORMED_META = 'The input\'s type annotations ("meta") are malformed.';
export const UNACCEPTED_TYPE = 'The input carries a type this server does not accept.';

const META_KEYS = new Set(['values', 'referentialEqualities', 'v']);
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refuse(message = MALFORMED_META): never {
  throw new AppError('BAD_REQUEST', { message });
}

/** The value one path segment names inside `node`, or a refusal when there is none. */
function child(node: unknown, segment: string): unknown {
  if (UNSAFE_SEGMENTS.has(segment)) refuse();
  if (Array.isArray(node) && ARRAY_INDEX.test(segment) && Number(segment) < node.length) return node[Number(segment)];
  if (isRecord(node) && Object.hasOwn(node, segment)) return node[segment];
  return refuse();
}

/** The value a superjson path (`a.list.0`, `a\.b`) names in `json`; superjson's parsePath, walking as it reads. */
function valueAt(json: unknown, path: string): unknown {
  let node = json;
  let segment = '';
  for (let index = 0; index < path.length; index += 1) {
    const char = path.charAt(index);
    if (char === '\\') {
      const escaped = path.charAt(index + 1);
      if (escaped !== '\\' && escaped !== '.') refuse();
      segment += escaped;
      index += 1;
    } else if (char === '.') {
      node = child(node, segment);
      segment = '';
    } else segment += char;
  }
  return child(node, segment);
}

/** `[tag]` on `json`: a tag an input may carry, on the JSON it reads. */
function checkTag(annotation: unknown, json: unknown): void {
  if (!Array.isArray(annotation) || annotation.length !== 1) refuse();
  const [tag] = annotation as unknown[];
  if (typeof tag !== 'string' && !Array.isArray(tag)) refuse();
  const reads = typeof tag === 'string' && Object.hasOwn(ACCEPTED_TAGS, tag) ? ACCEPTED_TAGS[tag] : undefined;
  if (!reads) refuse(UNACCEPTED_TYPE);
  if (!reads(json)) refuse();
}

/** Refuses metadata superjson could not read safely; returns the part of it to apply. */
function checkedMeta(json: unknown, meta: unknown): { values: unknown; v: 1 } | undefined {
  if (meta === undefined) return undefined;
  if (!isRecord(meta) || meta.v !== 1 || Object.keys(meta).some((key) => !META_KEYS.has(key))) refuse();
  const { values } = meta;
  if (values === undefined) return undefined;
  if (Array.isArray(values)) checkTag(values, json);
  else if (isRecord(values))
    for (const [path, annotation] of Object.entries(values)) checkTag(annotation, valueAt(json, path));
  else refuse();
  return { values, v: 1 };
}

/**
 * The router's input transformer: superjson's, behind the check above. tRPC calls
 * `deserialize` once per call with the call's `{ json, meta }`; it throws the
 * catalogue's BAD_REQUEST, which tRPC hands to the error edge as the cause of its own
 * BAD_REQUEST.
 */
export const superjsonInput = {
  serialize: (value: unknown) => SuperJSON.serialize(value),
  deserialize: (payload: unknown): unknown => {
    // As superjson reads it: fields of anything but null (a bare string has neither).
    if (payload === null || payload === undefined) refuse();
    const { json, meta: unchecked } = payload as { json?: unknown; meta?: unknown };
    const meta = checkedMeta(json, unchecked);
    if (!meta) return json;
    try {
      // In place: the input was parsed for this request alone.
      return SuperJSON.deserialize({ json: json as never, meta: meta as never }, { inPlace: true });
    } catch (cause) {
      // Not expected after the check; a library's message still never reaches a client.
      throw new AppError('BAD_REQUEST', { message: MALFORMED_META, cause });
    }
  },
};
