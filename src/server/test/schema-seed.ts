import fc from 'fast-check';
import SuperJSON from 'superjson';
import type { z } from 'zod';

/**
 * One valid value of a zod 4 schema, made by walking its definition (`_zod.def`),
 * for the fuzzer to mutate: adding a procedure then needs no hand-kept seed.
 *
 * Each node offers a few candidates, each checked against that node's schema, so a
 * refinement (a check no walk can read) is met by trying the next candidate rather
 * than by guessing. The values are plain and readable (`'a'`, `1`, the first option
 * of an enum, `seed@example.com`), so a fuzz failure's input is easy to read.
 *
 * No library did this for zod 4 when it was written (2026-11): zod-fast-check reads
 * zod 3 only, @traversable/zod 0.0.57 has no generator, and zod-schema-faker brings
 * faker and randexp for random data where one plain value is wanted.
 */

/** How many candidates a node offers: enough for a refinement to find one, few enough to stay quick. */
const CANDIDATES = 8;
/** How deep a recursive (lazy) schema is followed before the walk gives up on that branch. */
const MAX_DEPTH = 12;
/** A fixed date, so a seed is the same on every run. */
const SEED_DATE = new Date('2026-01-01T00:00:00.000Z');

interface Check {
  _zod: { def: Record<string, unknown> & { check: string } };
}

type Def = Record<string, unknown> & { type: string; checks?: Check[] };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map(({ _zod }) => _zod.def);
const passes = (schema: unknown, value: unknown) => (schema as z.ZodType).safeParse(value).success;

/** Readable examples of zod's string formats; a format not named here is generated from its pattern. */
const FORMAT_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  email: ['seed@example.com'],
  url: ['https://example.com/'],
  uuid: ['00000000-0000-4000-8000-000000000000'],
  guid: ['00000000-0000-4000-8000-000000000000'],
  cuid: ['cjld2cjxh0000qzrmn831i7rn'],
  cuid2: ['tz4a98xxat96iws9zmbrgj3a'],
  ulid: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  nanoid: ['V1StGXR8_Z5jdHi6B-myT'],
  ipv4: ['192.0.2.1'],
  ipv6: ['2001:db8::1'],
  cidrv4: ['192.0.2.0/24'],
  cidrv6: ['2001:db8::/32'],
  base64: ['c2VlZA=='],
  base64url: ['c2VlZA'],
  e164: ['+15555550100'],
  emoji: ['🌱'],
  datetime: ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00', '2026-01-01T00:00:00+00:00'],
  date: ['2026-01-01'],
  time: ['00:00:00', '00:00'],
  duration: ['P1D'],
};

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    // superjson tells apart what JSON would merge (a Date and its string, 1n and 1, undefined and null).
    const key = SuperJSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Strings drawn from a pattern with a fixed seed; none when fast-check cannot read the pattern. */
function fromPattern(pattern: unknown): string[] {
  if (!(pattern instanceof RegExp)) return [];
  try {
    return fc.sample(fc.stringMatching(pattern), { seed: 1, numRuns: 20 });
  } catch {
    return []; // lookarounds and the like
  }
}

function stringCandidates(def: Def): string[] {
  const checks = checksOf(def);
  const minimum = Math.max(0, ...checks.map((check) => (check.check === 'min_length' ? Number(check.minimum) : 0)));
  const exact = checks.find((check) => check.check === 'length_equals')?.length;
  const length = typeof exact === 'number' ? exact : minimum;
  const formats = [def.format, ...checks.map((check) => check.format)].filter(
    (f): f is string => typeof f === 'string',
  );
  const patterns = [def.pattern, ...checks.map((check) => check.pattern)];
  return [
    ...formats.flatMap((format) => FORMAT_EXAMPLES[format] ?? []),
    'a'.repeat(length),
    'A'.repeat(length),
    '1'.repeat(length),
    ...patterns.flatMap(fromPattern),
    // What the form kit's codecs read (money, a day, a date and time): a transform, not a pattern, checks them.
    '12',
    '2026-03-10',
    '2026-03-10T10:00',
  ];
}

/** Numbers (or bigints) inside the schema's bounds, the plainest first. */
function numericCandidates(def: Def, bigint: boolean): unknown[] {
  // bigint and number never mix: each bound is moved in its own kind.
  const near = (bound: number | bigint, by: -1 | 1): unknown[] =>
    typeof bound === 'bigint' ? [bound + BigInt(by)] : [bound + by, bound + by / 2];
  const values: unknown[] = bigint ? [1n, 0n] : [1, 0];
  for (const check of checksOf(def)) {
    const bound = check.value;
    if (typeof bound !== 'number' && typeof bound !== 'bigint') continue;
    if (check.check === 'greater_than') values.push(...(check.inclusive ? [bound] : near(bound, 1)));
    if (check.check === 'less_than') values.push(...(check.inclusive ? [bound] : near(bound, -1)));
    if (check.check === 'multiple_of') values.push(bound);
  }
  return values;
}

function dateCandidates(def: Def): Date[] {
  const bounds = checksOf(def)
    .filter((check) => check.value instanceof Date)
    .map((check) => {
      const time = (check.value as Date).getTime();
      const inside = check.check === 'greater_than' ? time + 1 : time - 1;
      return new Date(check.inclusive ? time : inside);
    });
  return [SEED_DATE, ...bounds];
}

/** Every combination that changes one field of `base` to another candidate of that field. */
function objectCandidates(keys: string[], options: unknown[][]): Record<string, unknown>[] {
  const build = (choice: number[]) =>
    Object.fromEntries(
      keys.flatMap((key, index) => {
        const value = options[index]?.[choice[index] ?? 0];
        // An optional field left out stays out: superjson would send it as `undefined` anyway.
        return value === undefined ? [] : [[key, value]];
      }),
    );
  const base = keys.map(() => 0);
  const results = [build(base)];
  keys.forEach((_, index) => {
    for (let alternative = 1; alternative < (options[index]?.length ?? 0); alternative += 1) {
      results.push(build(base.map((choice, at) => (at === index ? alternative : choice))));
    }
  });
  return results;
}

/** Candidates of a node before they are checked against it. */
function rawCandidates(schema: unknown, depth: number): unknown[] {
  const def = defOf(schema);
  const child = (inner: unknown) => candidates(inner, depth + 1);
  switch (def.type) {
    case 'string':
      return stringCandidates(def);
    case 'number':
      return numericCandidates(def, false);
    case 'bigint':
      return numericCandidates(def, true);
    case 'boolean':
      return [true, false];
    case 'date':
      return dateCandidates(def);
    case 'null':
      return [null];
    case 'undefined':
    case 'void':
      return [undefined];
    case 'nan':
      return [Number.NaN];
    case 'any':
    case 'unknown':
      return [null];
    case 'literal':
      return [...(def.values as unknown[])];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>);
    case 'template_literal':
      return fromPattern(def.pattern);
    case 'optional':
      return [...child(def.innerType), undefined];
    case 'nullable':
      return [...child(def.innerType), null];
    case 'default':
    case 'prefault':
      return [...child(def.innerType), undefined];
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return child(def.innerType);
    case 'pipe':
      // What the client sends is what the first schema reads.
      return child(def.in);
    case 'lazy':
      return child((def.getter as () => unknown)());
    case 'union':
      return (def.options as unknown[]).flatMap(child);
    case 'intersection': {
      const right = child(def.right);
      return child(def.left).flatMap((left) =>
        right.map((other) =>
          typeof left === 'object' && left !== null && typeof other === 'object' && other !== null
            ? { ...left, ...other }
            : left,
        ),
      );
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      return objectCandidates(
        keys,
        keys.map((key) => child(shape[key])),
      );
    }
    case 'array': {
      const checks = checksOf(def);
      const minimum = Math.max(0, ...checks.map((check) => (check.check === 'min_length' ? Number(check.minimum) : 0)));
      const exact = checks.find((check) => check.check === 'length_equals')?.length;
      const length = typeof exact === 'number' ? exact : Math.max(minimum, 1);
      const elements = child(def.element);
      return [...elements.map((element) => Array.from({ length }, () => structuredClone(element))), []];
    }
    case 'tuple': {
      const items = (def.items as unknown[]).map(child);
      return items.some((options) => options.length === 0) ? [] : [items.map((options) => options[0])];
    }
    case 'record': {
      const keys = child(def.keyType).filter((key) => typeof key === 'string');
      const values = child(def.valueType);
      return [{}, ...keys.flatMap((key) => values.slice(0, 1).map((value) => ({ [key]: value })))];
    }
    case 'map':
      return [new Map()];
    case 'set':
      return [new Set()];
    default:
      // custom, file, promise, function, symbol, never, transform: nothing a walk can make.
      return [];
  }
}

/** Up to CANDIDATES values the node's own schema accepts. */
function candidates(schema: unknown, depth = 0): unknown[] {
  if (depth > MAX_DEPTH) return [];
  return unique(rawCandidates(schema, depth))
    .filter((value) => passes(schema, value))
    .slice(0, CANDIDATES);
}

export type DerivedSeed = { ok: true; value: unknown } | { ok: false; reason: string };

/** A value `schema` accepts, or why the walk found none (a refinement no candidate meets, say). */
export function deriveValidInput(schema: z.ZodType): DerivedSeed {
  const [value] = candidates(schema);
  if (value !== undefined || passes(schema, undefined)) return { ok: true, value };
  return { ok: false, reason: `no value made from the schema (${defOf(schema).type}) passes it` };
}
