import fc from 'fast-check';
import SuperJSON from 'superjson';

/**
 * Generated hostile inputs for the procedures, built as JSON *text*: duplicate keys,
 * `__proto__` keys and 10,000-deep nesting cannot be made with JSON.stringify (which
 * would drop, rename or overflow on them), and the server must survive all three.
 *
 * A seed goes on the wire as the client sends it, through superjson: `json` plus the
 * `meta` that says which values are a Date (or undefined). Without `meta` a Date
 * arrives as a string and the seed never passes validation: every generated input
 * would then test only the refusal. A mutation that replaces a field drops that
 * field's annotations, so what it sends is still read the way it says.
 */

/** One generated request: the text sent and how, described briefly for fast-check's report. */
export interface Attempt {
  /** What was generated, e.g. `field email ← huge string (300000 chars)`. */
  label: string;
  /** The POST body, or a query's `input` parameter; undefined sends none. */
  text: string | undefined;
  /** The POST's Content-Type (application/json unless this attempt varies it). */
  contentType: string;
  /** The seed as a client sends it: the procedure must not refuse it as invalid. */
  valid: boolean;
}

const JSON_TYPE = 'application/json';

function attempt(label: string, text: string | undefined, contentType = JSON_TYPE, valid = false): Attempt {
  const preview =
    text === undefined ? '(no input)' : text.length > 120 ? `${text.slice(0, 120)}… (${text.length} chars)` : text;
  // fast-check prints counterexamples with this, so a 1 MB string stays one readable line.
  return {
    label,
    text,
    contentType,
    valid,
    [fc.toStringMethod]: () => `${label} [${contentType}] ${preview}`,
  } as Attempt;
}

// JSON.stringify(undefined) is undefined, whatever its declared type says; the values here are JSON otherwise.
const textOf = (value: unknown): string => (value === undefined ? 'null' : JSON.stringify(value));

/** superjson's `meta.values`: `[tag]` for the input itself, or tags by path (`a.b.0`). */
type Annotations = unknown[] | Record<string, unknown> | undefined;

/** A seed as superjson sends it: the text of `json`, its fields' texts, and the annotations of `meta`. */
interface Wire {
  text: string | undefined;
  entries: (readonly [string, string])[];
  annotations: Annotations;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wireOf(seed: unknown): Wire {
  if (seed === undefined) return { text: undefined, entries: [], annotations: undefined };
  const { json, meta } = SuperJSON.serialize(seed);
  const entries = isPlainObject(json) ? Object.entries(json).map(([key, value]) => [key, textOf(value)] as const) : [];
  return { text: textOf(json), entries, annotations: meta?.values };
}

/** A superjson path's first segment (`a\.b.c` → `a.b`), read as superjson escapes it. */
function firstSegment(path: string): string {
  let segment = '';
  for (let index = 0; index < path.length; index += 1) {
    const char = path.charAt(index);
    if (char === '.') return segment;
    if (char === '\\') index += 1;
    segment += path.charAt(index);
  }
  return segment;
}

/** The annotations still true once `field` is replaced or removed (all of them without a field). */
function annotationsWithout(annotations: Annotations, field?: string): Annotations {
  if (field === undefined || annotations === undefined || Array.isArray(annotations)) return annotations;
  const kept = Object.entries(annotations).filter(([path]) => firstSegment(path) !== field);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** The annotations of an input moved inside an array, as its first element. */
function annotationsInArray(annotations: Annotations): Annotations {
  if (annotations === undefined) return undefined;
  if (Array.isArray(annotations)) return { 0: annotations };
  return Object.fromEntries(Object.entries(annotations).map(([path, tag]) => [`0.${path}`, tag]));
}

/** `meta`'s text for annotations; undefined when there are none (superjson then sends no meta). */
function metaText(annotations: Annotations): string | undefined {
  return annotations === undefined ? undefined : JSON.stringify({ values: annotations, v: 1 });
}

/** `{"k":v,…}` from keys and value texts, keeping duplicates and order as given. */
function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${textOf(key)}:${value}`).join(',')}}`;
}

const nestedArrays = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const nestedObjects = (depth: number, inner: string) => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

/** Bodies are capped at 1 MiB: sizes below, near and over it. */
const HUGE_LENGTHS = [10_000, 300_000, 1_100_000];
const hugeStrings = HUGE_LENGTHS.map((length) => ({
  label: `huge string (${length} chars)`,
  text: `"${'x'.repeat(length)}"`,
}));

/** Depths a recursive parser, validator or serializer may not survive. */
const DEPTHS = [64, 1_000, 10_000];

/** Strings that have broken parsers, queries, templates and file lookups before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uFEFF',
  '\u202Eevil',
  '😀'.repeat(60),
  "' OR '1'='1",
  '"; DROP TABLE "User"; --',
  '%',
  '_%_',
  '\\',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'NaN',
  '-1',
  'a'.repeat(121),
  `${'a'.repeat(250)}@example.com`,
  'verify-email/../reset-password',
];

/** Number texts JSON allows but JavaScript reads oddly: infinities, -0, beyond 2^53. */
const ODD_NUMBERS = [
  '1e400',
  '-1e400',
  '-0',
  '0.1e-400',
  '9007199254740993',
  '123456789012345678901234567890',
  '-1',
  '1.5',
];

const POLLUTERS: readonly (readonly [string, string])[] = [
  ['__proto__', '{"polluted":"yes"}'],
  ['constructor', '{"prototype":{"polluted":"yes"}}'],
  ['prototype', '{"polluted":"yes"}'],
];

const META_INTO_PROTO = '{"referentialEqualities":{"":["__proto__.polluted"]}}';
const META_UNKNOWN_TYPE = '{"values":[["custom","nope"]]}';

/** superjson's `meta` is the caller's to write: type tags and reference paths it replays on the input. */
const HOSTILE_META = [
  META_INTO_PROTO,
  META_UNKNOWN_TYPE,
  '{"values":["Date"]}',
  '{"values":["bigint"]}',
  '{"values":["regexp"]}',
  '{"values":["set"]}',
  '{"values":["map"]}',
  '{"values":[["class","Object"]]}',
  '{"values":[["symbol","x"]]}',
  '{"values":{"a.b.c":["Date"]}}',
  '{"values":{"__proto__":["Date"]}}',
  '{"values":5}',
  '{"referentialEqualities":["constructor.prototype.polluted"]}',
  '{"v":99}',
  'null',
  '"meta"',
];

/** Any value, as JSON text: generated JSON, nasty and huge strings, odd numbers, deep nesting. */
const hostileValue: fc.Arbitrary<{ label: string; text: string }> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ label: 'generated JSON', text: textOf(value) })),
  fc
    .constantFrom(...NASTY_STRINGS)
    .map((value) => ({ label: `string ${textOf(value).slice(0, 40)}`, text: textOf(value) })),
  fc.string({ unit: 'binary', maxLength: 40 }).map((value) => ({ label: 'random string', text: textOf(value) })),
  fc.constantFrom(...hugeStrings),
  fc.constantFrom(...ODD_NUMBERS).map((text) => ({ label: `number ${text}`, text })),
  fc.tuple(fc.constantFrom(...DEPTHS), fc.boolean()).map(([depth, arrays]) => ({
    label: `${depth}-deep ${arrays ? 'arrays' : 'objects'}`,
    text: arrays ? nestedArrays(depth, '1') : nestedObjects(depth, '1'),
  })),
);

/** The fields with `name`'s value text replaced by `text`. */
function replacedField(entries: readonly (readonly [string, string])[], name: string, text: string) {
  return entries.map(([key, value]) => [key, key === name ? text : value] as const);
}

/** One input before its envelope: its text, the annotations still true of it, and whether it is the seed. */
interface Input {
  label: string;
  text: string | undefined;
  annotations: Annotations;
  valid?: boolean;
}

/** Mutations of a valid input, as the text of the input (undefined: no input at all). */
function mutatedInput(wire: Wire): fc.Arbitrary<Input> {
  const { text: seedText, entries, annotations } = wire;
  const plain = (label: string, text: string | undefined): Input => ({ label, text, annotations: undefined });
  const whole: fc.Arbitrary<Input>[] = [
    hostileValue.map(({ label, text }) => plain(`input ← ${label}`, text)),
    fc.constant({ label: 'valid input', text: seedText, annotations, valid: true }),
    fc.constant(plain('no input', undefined)),
    fc.constant({
      label: 'input in an array',
      text: `[${seedText ?? 'null'}]`,
      annotations: annotationsInArray(annotations),
    }),
    fc
      .constantFrom(...DEPTHS)
      .map((depth) => plain(`input nested ${depth} deep`, nestedArrays(depth, seedText ?? 'null'))),
    fc.constantFrom(...POLLUTERS).map(([key, value]) => ({
      label: `input with a "${key}" key`,
      text: objectText([[key, value], ...entries]),
      annotations,
    })),
  ];
  if (entries.length === 0) return fc.oneof(...whole);
  const key = fc.constantFrom(...entries.map(([name]) => name));
  const without = (name: string) => annotationsWithout(annotations, name);
  return fc.oneof(
    ...whole,
    fc.tuple(key, hostileValue).map(([name, value]) => ({
      label: `field ${name} ← ${value.label}`,
      text: objectText(replacedField(entries, name, value.text)),
      annotations: without(name),
    })),
    key.map((name) => ({
      label: `without ${name}`,
      text: objectText(entries.filter(([k]) => k !== name)),
      annotations: without(name),
    })),
    fc.tuple(key, hostileValue).map(([name, value]) => ({
      label: `field ${name} twice, then ${value.label}`,
      text: objectText([...entries, [name, value.text]]),
      annotations: without(name),
    })),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }).map((extra) => ({
      label: 'extra keys',
      text: objectText([...entries, ...Object.entries(extra).map(([k, v]) => [k, textOf(v)] as const)]),
      annotations,
    })),
    fc.tuple(key, fc.constantFrom(...DEPTHS)).map(([name, depth]) => ({
      label: `field ${name} nested ${depth} deep`,
      text: objectText(
        replacedField(entries, name, nestedArrays(depth, entries.find(([k]) => k === name)?.[1] ?? 'null')),
      ),
      annotations: without(name),
    })),
  );
}

/** `json` and `meta` as superjson writes them: no `json` for no input, no `meta` without annotations. */
function envelopeEntries(text: string | undefined, annotations: Annotations): (readonly [string, string])[] {
  const meta = metaText(annotations);
  return [
    ...(text === undefined ? [] : [['json', text] as const]),
    ...(meta === undefined ? [] : [['meta', meta] as const]),
  ];
}

/** The wire envelope around an input text: tRPC + superjson's `{"json":…,"meta":…}`, or something else. */
function enveloped(input: Input): fc.Arbitrary<Attempt> {
  const json: (readonly [string, string])[] = input.text === undefined ? [] : [['json', input.text]];
  const envelope = envelopeEntries(input.text, input.annotations);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(attempt(input.label, objectText(envelope), JSON_TYPE, input.valid === true)) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...HOSTILE_META), fc.jsonValue({ maxDepth: 2 }).map(textOf))
        .map((meta) => attempt(`${input.label}, meta ${meta.slice(0, 60)}`, objectText([...json, ['meta', meta]]))),
    },
    { weight: 1, arbitrary: fc.constant(attempt(`${input.label}, no envelope`, input.text)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...POLLUTERS)
        .map(([key, value]) =>
          attempt(`${input.label}, "${key}" beside json`, objectText([[key, value], ...envelope])),
        ),
    },
  );
}

/** Text that is not JSON at all: truncations, JavaScript-isms, random characters. */
const MALFORMED = [
  '{',
  '{"json":',
  '{"json":}',
  "{'json':{}}",
  '{"json":NaN}',
  '{"json":undefined}',
  '{"json":{},}',
  '{"json":{}}{"json":{}}',
  '{"json":{}}garbage',
  '{"json":"\\x41"}',
  '{"json":"\\u12"}',
  '\u0000',
  '[,]',
  '--',
];

function notJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

const malformedText: fc.Arbitrary<Attempt> = fc.oneof(
  fc.constantFrom(...MALFORMED).map((text) => attempt('malformed JSON', text)),
  fc
    .string({ unit: 'binary', maxLength: 60 })
    .filter(notJson)
    .map((text) => attempt('random text', text)),
);

/** Content types the JSON-only endpoint must refuse before reading the body. */
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  'application/json-patch+json',
  'application/x-json',
];

/**
 * The cases every procedure gets whatever the seed, before the generated ones: the
 * seed itself as a client sends it, the deepest nesting, the largest strings, each
 * prototype key in and beside the input, superjson metadata that walks into
 * `__proto__`, and a refused content type.
 */
export function edgeAttempts(seed: unknown, method: 'GET' | 'POST'): Attempt[] {
  const wire = wireOf(seed);
  const { entries, annotations } = wire;
  const seedText = wire.text ?? 'null';
  const [first] = entries;
  const deepest = DEPTHS.at(-1) ?? 10_000;
  const huge = hugeStrings.at(-1)?.text ?? '""';
  const json = (input: string, kept?: Annotations) => objectText(envelopeEntries(input, kept));
  const cases = [
    attempt('valid input', objectText(envelopeEntries(wire.text, annotations)), JSON_TYPE, true),
    attempt(`input nested ${deepest} deep`, json(nestedArrays(deepest, seedText))),
    attempt(`input ← ${deepest}-deep objects`, json(nestedObjects(deepest, '1'))),
    attempt('input ← huge string', json(huge)),
    ...POLLUTERS.flatMap(([key, value]) => [
      attempt(`input with a "${key}" key`, json(objectText([[key, value], ...entries]), annotations)),
      attempt(`"${key}" beside json`, objectText([[key, value], ...envelopeEntries(seedText, annotations)])),
    ]),
    attempt(
      'meta walking into __proto__',
      objectText([
        ['json', seedText],
        ['meta', META_INTO_PROTO],
      ]),
    ),
    attempt(
      'meta with an unknown custom type',
      objectText([
        ['json', seedText],
        ['meta', META_UNKNOWN_TYPE],
      ]),
    ),
    attempt('truncated JSON', '{"json":'),
  ];
  if (first) {
    const [name] = first;
    const rest = annotationsWithout(annotations, name);
    cases.push(
      attempt(
        `field ${name} nested ${deepest} deep`,
        json(objectText(replacedField(entries, name, nestedArrays(deepest, '1'))), rest),
      ),
      attempt(`field ${name} ← huge string`, json(objectText(replacedField(entries, name, huge)), rest)),
    );
  }
  // A number JavaScript reads as Infinity, in each numeric field (a nullable one once took it for null).
  for (const [name, value] of entries) {
    if (typeof JSON.parse(value) === 'number') {
      const rest = annotationsWithout(annotations, name);
      cases.push(attempt(`field ${name} ← 1e400`, json(objectText(replacedField(entries, name, '1e400')), rest)));
    }
  }
  if (method === 'POST') {
    cases.push(attempt('multipart body', json(seedText, annotations), 'multipart/form-data; boundary=x'));
  }
  return cases;
}

/**
 * Requests for one procedure: arbitrary JSON, mutations of its valid input (wrong
 * types, huge strings, deep nesting, extra and duplicate keys, `__proto__`,
 * `constructor` and `prototype` keys), hostile superjson metadata, text that is not
 * JSON, and (for POST) other content types. Most are invalid on purpose: a valid
 * sign-up costs a password hash.
 */
export function attemptsFor(seed: unknown, method: 'GET' | 'POST'): fc.Arbitrary<Attempt> {
  const wire = wireOf(seed);
  const family = [
    { weight: 5, arbitrary: mutatedInput(wire).chain(enveloped) },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => attempt('arbitrary JSON', textOf(value))),
    },
    { weight: 2, arbitrary: malformedText },
  ];
  if (method === 'GET') return fc.oneof(...family);
  const seedEnvelope = objectText(envelopeEntries(wire.text ?? 'null', wire.annotations));
  return fc.oneof(...family, {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...OTHER_TYPES), fc.string({ maxLength: 40 }))
      .map(([type, text]) => attempt('another content type', text || seedEnvelope, type)),
  });
}
