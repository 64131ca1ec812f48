/**
 * What a new OpenAPI document (src/server/openapi/) takes away from callers of the
 * committed one: a removed procedure, a stricter access rule, a new required input or
 * an input accepted no more, an output field removed or no longer promised. Each change
 * has a stable id (`kind:procedure[:field]`); docs/api-changes.md acknowledges them.
 */

type Schema = Record<string, unknown>;
interface Document {
  paths?: Record<string, Record<string, Schema>>;
}

export type BreakingKind =
  | 'removed-procedure'
  | 'changed-method'
  | 'stricter-access'
  | 'new-required-input'
  | 'narrowed-input'
  | 'narrowed-output';

export interface BreakingChange {
  id: string;
  kind: BreakingKind;
  /** One sentence for the person who has to decide. */
  says: string;
}

interface Operation {
  path: string;
  method: string;
  access: unknown;
  input: Schema | undefined;
  inputRequired: boolean;
  output: Schema;
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (isSchema(node) ? node[key] : undefined), value);

/** The procedures of a document by path, with the `json` schemas inside their envelopes. */
function operationsOf(document: object): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const item of Object.values((document as Document).paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const procedure = at(operation, 'x-procedure');
      if (!isSchema(procedure) || typeof procedure.path !== 'string') continue;
      const parameter = (at(operation, 'parameters') as Schema[] | undefined)?.find((p) => p.name === 'input');
      const envelope = parameter
        ? at(parameter, 'content', 'application/json', 'schema')
        : at(operation, 'requestBody', 'content', 'application/json', 'schema');
      const input = at(envelope, 'properties', 'json');
      const required = (at(envelope, 'required') as string[] | undefined) ?? [];
      operations.set(procedure.path, {
        path: procedure.path,
        method,
        access: procedure.access,
        input: isSchema(input) ? input : undefined,
        inputRequired: required.includes('json'),
        output: (at(
          operation,
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'properties',
          'result',
          'properties',
          'data',
          'properties',
          'json',
        ) ?? {}) as Schema,
      });
    }
  }
  return operations;
}

/** 0 public, 1 any valid credential, 2 a permission. */
function strictness(access: unknown): number {
  if (access === 'public') return 0;
  if (access === 'signed-in') return 1;
  return 2;
}

/** The JSON types a schema admits, or undefined when it does not say (any). */
function typesOf(schema: Schema): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type === 'integer' ? 'number' : schema.type]);
  if (Array.isArray(schema.type))
    return new Set(schema.type.map((type) => (type === 'integer' ? 'number' : String(type))));
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!branches) return undefined;
  const all = new Set<string>();
  for (const branch of branches) {
    const types = typesOf(branch);
    if (!types) return undefined;
    for (const type of types) all.add(type);
  }
  return all;
}

const subset = <T>(a: Iterable<T>, b: Set<T>) => [...a].every((item) => b.has(item));
const enumOf = (schema: Schema) =>
  Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
const propertiesOf = (schema: Schema) =>
  isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
const requiredOf = (schema: Schema) => new Set((schema.required as string[] | undefined) ?? []);
/** The one branch of `anyOf` that is not `null`, for a nullable object or array. */
const nonNull = (schema: Schema): Schema => {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  const rest = branches?.filter((branch) => branch.type !== 'null');
  return rest?.length === 1 && rest[0] ? rest[0] : schema;
};

/**
 * Where the new input schema accepts less than the old one did: `report(kind, field)`
 * for a new required field or a value refused now (a type, an enum value, a bound).
 */
function compareInput(
  before: Schema,
  after: Schema,
  field: string,
  report: (kind: BreakingKind, field: string) => void,
) {
  const [old, next] = [nonNull(before), nonNull(after)];
  const [oldTypes, newTypes] = [typesOf(before), typesOf(after)];
  // A schema that names no type accepts any.
  if (oldTypes && newTypes && !subset(oldTypes, newTypes)) report('narrowed-input', field);
  const [oldEnum, newEnum] = [enumOf(old), enumOf(next)];
  if (newEnum && (!oldEnum || !subset(oldEnum, new Set(newEnum)))) report('narrowed-input', field);
  const bound = (key: string, tighter: (a: number, b: number) => boolean) => {
    const [a, b] = [old[key], next[key]];
    if (typeof b === 'number' && (typeof a !== 'number' || tighter(a, b))) report('narrowed-input', field);
  };
  bound('maxLength', (a, b) => b < a);
  bound('maximum', (a, b) => b < a);
  bound('maxItems', (a, b) => b < a);
  bound('minLength', (a, b) => b > a);
  bound('minimum', (a, b) => b > a);
  bound('minItems', (a, b) => b > a);
  const [oldProperties, newProperties] = [propertiesOf(old), propertiesOf(next)];
  const oldRequired = requiredOf(old);
  for (const name of requiredOf(next)) if (!oldRequired.has(name)) report('new-required-input', `${field}/${name}`);
  for (const [name, schema] of Object.entries(oldProperties)) {
    const now = newProperties[name];
    if (now) compareInput(schema, now, `${field}/${name}`, report);
    else if (next.additionalProperties === false) report('narrowed-input', `${field}/${name}`);
  }
  if (isSchema(old.items) && isSchema(next.items)) compareInput(old.items, next.items, `${field}/*`, report);
}

/** Where the new output promises less than the old one did: a field gone or optional, a new type or enum value. */
function compareOutput(
  before: Schema,
  after: Schema,
  field: string,
  report: (kind: BreakingKind, field: string) => void,
) {
  const [old, next] = [nonNull(before), nonNull(after)];
  const [oldTypes, newTypes] = [typesOf(before), typesOf(after)];
  if (oldTypes && (!newTypes || !subset(newTypes, oldTypes))) report('narrowed-output', field);
  const [oldEnum, newEnum] = [enumOf(old), enumOf(next)];
  if (oldEnum && (!newEnum || !subset(newEnum, new Set(oldEnum)))) report('narrowed-output', field);
  const [oldProperties, newProperties] = [propertiesOf(old), propertiesOf(next)];
  const newRequired = requiredOf(next);
  for (const name of requiredOf(old)) if (!newRequired.has(name)) report('narrowed-output', `${field}/${name}`);
  for (const [name, schema] of Object.entries(oldProperties)) {
    const now = newProperties[name];
    if (now) compareOutput(schema, now, `${field}/${name}`, report);
    else report('narrowed-output', `${field}/${name}`);
  }
  if (isSchema(old.items) && isSchema(next.items)) compareOutput(old.items, next.items, `${field}/*`, report);
}

const SAYS: Record<BreakingKind, string> = {
  'removed-procedure': 'the procedure is gone',
  'changed-method': 'the procedure changed between query (GET) and mutation (POST)',
  'stricter-access': 'the procedure needs a stricter credential or another permission',
  'new-required-input': 'a caller must now send an input it could leave out',
  'narrowed-input': 'the input refuses a value it accepted',
  'narrowed-output':
    'the output no longer promises what it did (a field gone, optional or nullable, a new type or value)',
};

/** Every change from `before` to `after` that breaks a caller written against `before`, sorted by id. */
export function breakingChanges(before: object, after: object): BreakingChange[] {
  const found = new Map<string, BreakingChange>();
  const add = (kind: BreakingKind, path: string, field = '') => {
    const id = `${kind}:${path}${field ? `:${field}` : ''}`;
    found.set(id, { id, kind, says: `${path}${field ? ` (${field})` : ''}: ${SAYS[kind]}.` });
  };
  const next = operationsOf(after);
  for (const [path, old] of operationsOf(before)) {
    const now = next.get(path);
    if (!now) {
      add('removed-procedure', path);
      continue;
    }
    if (now.method !== old.method) add('changed-method', path);
    const [oldLevel, newLevel] = [strictness(old.access), strictness(now.access)];
    if (newLevel > oldLevel || (newLevel === 2 && JSON.stringify(now.access) !== JSON.stringify(old.access)))
      add('stricter-access', path);
    if (now.inputRequired && !old.inputRequired) add('new-required-input', path);
    if (old.input && now.input)
      compareInput(old.input, now.input, '', (kind, field) => {
        add(kind, path, field);
      });
    compareOutput(old.output, now.output, '', (kind, field) => {
      add(kind, path, field);
    });
  }
  return [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** The ids docs/api-changes.md acknowledges: each list item that starts with an id in backticks. */
export function acknowledgedIds(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^[-*] `([^`]+)`/gm)].map((match) => match[1] ?? ''));
}
