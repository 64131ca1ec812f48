import type { EntitiesSpec, EntitySpec } from '../../src/shared/spec/entities.ts';
import type { FieldSpec, RelationField } from '../../src/shared/spec/fields.ts';
import { int32Max } from '../../src/shared/spec/entity-meta.ts';
import { specErrorStatuses } from '../../src/shared/spec/errors.ts';
import { isNotSpecified } from '../../src/shared/spec/not-specified.ts';
import { kebabName } from '../../src/shared/spec/permission-names.ts';
import type { PointName } from '../../src/shared/spec/points.ts';
import type { RoleSpec } from '../../src/shared/spec/roles.ts';
import type { RuleSpec } from '../../src/shared/spec/rules.ts';
import { foundationErrorCodes } from '../../src/shared/error-codes.ts';
import { foundationPermissions } from '../../src/shared/permissions.ts';
import { scopeOf } from './role-scope.ts';
import { pointLabel, specified, type Spec } from './spec-model.ts';

/** Models the foundation owns (prisma/models.prisma), and the table sequential numbers use. */
export const foundationModels = [
  'User',
  'Session',
  'Account',
  'Verification',
  'Apikey',
  'EmailOutbox',
  'BackgroundJob',
  'ScheduleState',
  'AuditEvent',
  'IdempotencyRecord',
  'ChangeEvent',
  'SpecCounter',
  'SpecTransition',
];
/** Columns every entity gets; a field may not take their names. */
export const standardColumns = ['id', 'version', 'createdAt', 'updatedAt', 'archivedAt', 'number', 'state'];
const standardOperations = ['list', 'get', 'create', 'update', 'archive', 'events'];
/** The foundation's roles (src/shared/permissions.ts); the spec's are added beside them. */
export const foundationRoles = ['admin', 'member'];
/** The foundation's routers (src/server/router.ts): a spec's entity router or custom operation beside them may not share a name. */
export const foundationRouters = ['system', 'auth', 'setup', 'admin', 'mailbox', 'records'];
/**
 * Words an event may not be named: its permission (`schedule:work-order:own`) would read
 * as an entity action's, a standard operation's, or a custom operation's (`call:…`), or
 * its procedure would take the place of `history` (the record's transitions) or `people`
 * (whom its relations to users may point at).
 */
export const reservedEventNames = ['read', 'create', 'update', 'archive', 'list', 'get', 'history', 'people', 'call'];
/** The entities the foundation's permissions name (`read:users:any`): a spec entity spelled the same would share them. */
const foundationPermissionEntities = [...new Set(foundationPermissions.map((permission) => permission.split(':')[1]))];

const pascal = /^[A-Z][A-Za-z0-9]*$/;
const camel = /^[a-z][A-Za-z0-9]*$/;
const upperSnake = /^[A-Z][A-Z0-9_]*$/;
const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;

function knowsZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minor-unit digits of an ISO 4217 currency, or null when Intl does not know it. */
export function currencyDecimals(code: string): number | null {
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return null;
  }
}

/** The `one` relations on `target` that point at `source`. */
function backReferences(entities: EntitiesSpec, target: string, source: string): string[] {
  const fields = entities[target]?.fields ?? {};
  return Object.entries(fields)
    .filter(([, field]) => field.kind === 'relation' && field.cardinality === 'one' && field.to === source)
    .map(([name]) => name);
}

/** The `one` field on `relation.to` that a `many` relation of `source` pairs with, or null. */
export function pairedField(entities: EntitiesSpec, source: string, relation: RelationField): string | null {
  const candidates = backReferences(entities, relation.to, source);
  if (relation.via !== undefined) return candidates.includes(relation.via) ? relation.via : null;
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/**
 * Follows a dotted relation path from `entity` ('customer.user'): the entity or 'user'
 * it ends at, and the field it ends on; null at the first hop that is not a `one` relation
 * (the last hop may be any field).
 */
export function followPath(
  entities: EntitiesSpec,
  entity: string,
  path: string,
): { entity: string; field: FieldSpec | null } | null {
  let current = entity;
  let last: FieldSpec | null = null;
  const hops = path.split('.');
  for (const [index, hop] of hops.entries()) {
    if (current === 'user') return hop === 'email' || hop === 'name' ? { entity: 'user', field: null } : null;
    const field = entities[current]?.fields[hop];
    if (!field) return null;
    last = field;
    if (field.kind === 'relation' && field.cardinality === 'one') current = field.to;
    else if (index < hops.length - 1) return null;
  }
  return { entity: current, field: last };
}

/**
 * Every reason the specification cannot compile, each naming its file, its point and
 * the name at fault. An empty list means it compiles. Checks what TypeScript checks
 * (so a spec written in plain objects is refused just the same) and what it cannot.
 */
export function validateSpec(spec: Spec): string[] {
  const problems: string[] = [];
  const refuse = (point: PointName, name: string, message: string) =>
    problems.push(`${pointLabel(point)}: ${name}: ${message}`);

  const constants = specified(spec.constants);
  const errors = specified(spec.errors);
  const entities = specified(spec.entities) as EntitiesSpec;
  const roles = specified(spec.roles);
  const rules = specified(spec.rules);
  const states = specified(spec.states);
  const roleNames = Object.keys(roles);
  const zoneConstant = (name: string) => {
    return typeof constants[name] === 'object';
  };

  // [1] product
  if (!isNotSpecified(spec.product))
    for (const key of ['name', 'description', 'audience'] as const)
      if (typeof spec.product[key] !== 'string' || !spec.product[key].trim())
        refuse('product', key, 'must be a non-empty text.');

  // [9] constants
  for (const [name, value] of Object.entries(constants)) {
    if (!camel.test(name)) refuse('constants', name, 'a constant name is camelCase (shopTimeZone).');
    if (typeof value === 'object' && !knowsZone(value.zone))
      refuse('constants', name, `'${value.zone}' is not a time zone Intl knows (an IANA name like Europe/Amsterdam).`);
    if (typeof value === 'number' && !Number.isFinite(value)) refuse('constants', name, 'must be a finite number.');
  }

  // [8] errors
  const foundationCodes = Object.keys(foundationErrorCodes);
  for (const [code, entry] of Object.entries(errors)) {
    if (!upperSnake.test(code)) refuse('errors', code, 'an error code is UPPER_SNAKE_CASE.');
    if (foundationCodes.includes(code))
      refuse('errors', code, 'clashes with a foundation code (src/shared/error-codes.ts); choose another code.');
    if (!(specErrorStatuses as readonly number[]).includes(entry.status))
      refuse('errors', code, `status ${entry.status} is not one of ${specErrorStatuses.join(', ')}.`);
    if (!entry.message.trim() || !entry.when.trim()) refuse('errors', code, 'needs a message and a `when`.');
  }

  // [3] entities
  const lowerNames = new Map<string, string>();
  for (const [name, entity] of Object.entries(entities)) {
    if (!pascal.test(name)) refuse('entities', name, 'an entity name is PascalCase (WorkOrder).');
    if (foundationModels.some((model) => model.toLowerCase() === name.toLowerCase()))
      refuse('entities', name, 'clashes with a foundation model in prisma/models.prisma; relate to `user` instead.');
    const clash = lowerNames.get(name.toLowerCase());
    if (clash) refuse('entities', name, `duplicate name: differs from ${clash} only in case.`);
    lowerNames.set(name.toLowerCase(), name);
    if (foundationPermissionEntities.includes(kebabName(name)))
      refuse(
        'entities',
        name,
        `its permissions would be spelled like the foundation's (\`read:${kebabName(name)}:any\`, src/shared/permissions.ts); choose another name.`,
      );
    validateEntity(name, entity);
  }

  function validateEntity(name: string, entity: EntitySpec) {
    const fieldNames = Object.keys(entity.fields);
    if (!fieldNames.length) refuse('entities', name, 'has no fields.');
    if (
      entity.number &&
      (!/^[A-Za-z0-9-]*$/.test(entity.number.prefix) || entity.number.digits < 1 || entity.number.digits > 12)
    )
      refuse('entities', `${name}.number`, 'a prefix of letters, digits and dashes, and 1 to 12 digits.');
    if (entity.title !== undefined && !['string', 'email', 'phone'].includes(entity.fields[entity.title]?.kind ?? ''))
      refuse('entities', `${name}.title`, `'${entity.title}' is not a string field of ${name}.`);
    for (const [fieldName, field] of Object.entries(entity.fields)) {
      const at = `${name}.${fieldName}`;
      if (!camel.test(fieldName)) refuse('entities', at, 'a field name is camelCase.');
      if (standardColumns.includes(fieldName))
        refuse('entities', at, `duplicate name: every entity has ${standardColumns.join(', ')} already.`);
      validateField(at, name, field, fieldNames, fieldName);
    }
  }

  function validateField(at: string, entity: string, field: FieldSpec, fieldNames: string[], fieldName: string) {
    const bounds = (min: number | undefined, max: number | undefined, floor: number, ceiling: number) => {
      if (
        (min !== undefined && (min < floor || min > ceiling)) ||
        (max !== undefined && (max < floor || max > ceiling))
      )
        refuse('entities', at, `bounds must lie within ${floor}…${ceiling}.`);
      if (min !== undefined && max !== undefined && min > max)
        refuse('entities', at, `min ${min} is above max ${max}.`);
    };
    switch (field.kind) {
      case 'relation': {
        if (fieldNames.includes(`${fieldName}Id`))
          refuse('entities', at, `duplicate name: the relation's column ${fieldName}Id is a field already.`);
        if (field.to !== 'user' && !(field.to in entities)) {
          refuse('entities', at, `relation to unknown entity '${field.to}'.`);
          return;
        }
        if (field.cardinality === 'many') {
          if (field.to === 'user')
            refuse('entities', at, "`many('user')` cannot be stored: the user table is the foundation's.");
          else if (!pairedField(entities, entity, field))
            refuse(
              'entities',
              at,
              `needs exactly one \`one('${entity}')\` on ${field.to} to pair with${field.via ? ` (via '${field.via}' is not one)` : '; name it with `via`'}.`,
            );
        }
        return;
      }
      case 'string':
        bounds(field.min, field.max, 0, 10_000);
        return;
      case 'text':
        bounds(undefined, field.max, 1, 1_000_000);
        return;
      case 'int':
        bounds(field.min, field.max, -int32Max, int32Max);
        return;
      case 'money': {
        const currency = constants[field.currency];
        if (typeof currency !== 'string' || currencyDecimals(currency) === null)
          refuse('entities', at, `currency '${field.currency}' must name a constant holding an ISO 4217 code ('EUR').`);
        bounds(undefined, field.maxMinor, 1, int32Max);
        return;
      }
      case 'decimal':
        if (field.precision < 1 || field.precision > 28 || field.scale < 0 || field.scale > field.precision)
          refuse('entities', at, 'precision 1…28 and scale 0…precision.');
        return;
      case 'enum':
        if (!field.values.length || new Set(field.values).size !== field.values.length)
          refuse('entities', at, 'needs distinct values.');
        if (field.default !== undefined && !field.values.includes(field.default))
          refuse('entities', at, `default '${field.default}' is not one of its values.`);
        return;
      case 'dateTime':
        if (!zoneConstant(field.zone)) refuse('entities', at, `zone '${field.zone}' must name a timeZone(…) constant.`);
        return;
      default:
        return;
    }
  }

  const fieldOf = (entity: string, name: string) => entities[entity]?.fields[name];
  const isOne = (field: FieldSpec | undefined) => field?.kind === 'relation' && field.cardinality === 'one';

  // [5] rules
  for (const [name, rule] of Object.entries(rules)) validateRule(name, rule);

  function validateRule(name: string, rule: RuleSpec) {
    if (!(rule.entity in entities)) return refuse('rules', name, `names unknown entity '${rule.entity}'.`);
    if (!(rule.error in errors))
      refuse('rules', name, `raises error code '${rule.error}', which spec/errors.ts does not declare.`);
    const expect = (field: string, kinds: string[], what: string) => {
      const found = fieldOf(rule.entity, field);
      if (!found) refuse('rules', name, `names unknown field '${rule.entity}.${field}'.`);
      else if (!kinds.includes(found.kind === 'relation' ? (isOne(found) ? 'one' : 'many') : found.kind))
        refuse('rules', name, `'${rule.entity}.${field}' must be ${what}.`);
    };
    const zone = (constant: string) => {
      if (!zoneConstant(constant)) refuse('rules', name, `zone '${constant}' must name a timeZone(…) constant.`);
    };
    switch (rule.kind) {
      case 'compare': {
        expect(rule.field, ['int', 'money', 'decimal', 'date', 'dateTime', 'string'], 'comparable');
        expect(rule.than, [fieldOf(rule.entity, rule.field)?.kind ?? 'int'], `of the same kind as '${rule.field}'`);
        return;
      }
      case 'timeWindow': {
        expect(rule.field, ['dateTime'], 'a dateTime field');
        zone(rule.zone);
        for (const bound of [rule.from, rule.to]) {
          const value = timeOfDay.test(bound) ? bound : constants[bound];
          if (typeof value !== 'string' || !timeOfDay.test(value))
            refuse('rules', name, `'${bound}' must be 'HH:mm' or name a constant holding it.`);
        }
        return;
      }
      case 'noOverlap': {
        expect(rule.start, ['dateTime'], 'a dateTime field');
        expect(rule.minutes, ['int'], 'an int field (minutes)');
        expect(rule.per, ['one'], 'a one relation');
        const machine = states[rule.entity];
        for (const state of rule.states ?? [])
          if (!machine?.states.includes(state))
            refuse('rules', name, `names state '${state}', which ${rule.entity}'s machine does not declare.`);
        return;
      }
      case 'countPerPeriod': {
        expect(rule.field, ['date', 'dateTime'], 'a date or dateTime field');
        expect(rule.per, ['one'], 'a one relation');
        zone(rule.zone);
        if (typeof rule.max === 'string' && typeof constants[rule.max] !== 'number')
          refuse('rules', name, `max '${rule.max}' must name a number constant.`);
        return;
      }
    }
  }

  // [6] roles
  for (const [name, role] of Object.entries(roles)) {
    if (!camel.test(name)) refuse('roles', name, 'a role name is camelCase.');
    if (foundationRoles.includes(name))
      refuse('roles', name, `'${name}' is a foundation role (src/shared/permissions.ts); choose another name.`);
    const grants = role.can === 'everything' ? {} : role.can;
    for (const [entity, grant] of Object.entries(grants)) {
      if (!(entity in entities)) {
        refuse('roles', `${name}.can.${entity}`, `names unknown entity '${entity}'.`);
        continue;
      }
      const scopes = typeof grant === 'string' ? [grant] : [grant?.read, grant?.create, grant?.update, grant?.archive];
      if (scopes.includes('own') && !role.own?.[entity])
        refuse('roles', `${name}.can.${entity}`, `grants 'own' but ${name}.own.${entity} gives no path to the user.`);
      if (typeof grant === 'object') validateHidden(name, role, entity, grant.hide ?? []);
    }
    for (const [entity, path = ''] of Object.entries(role.own ?? {})) {
      if (!(entity in entities)) refuse('roles', `${name}.own.${entity}`, `names unknown entity '${entity}'.`);
      else if (followPath(entities, entity, path)?.entity !== 'user' || !path.split('.').every(Boolean))
        refuse('roles', `${name}.own.${entity}`, `'${path}' is not a path of one-relations ending at a user.`);
    }
  }
  /** [6] `hide`: fields the role can do without, and none it needs to name, own or create a record. */
  function validateHidden(name: string, role: RoleSpec, entity: string, hide: readonly string[]) {
    const at = `${name}.can.${entity}.hide`;
    const spec = entities[entity];
    const title = spec?.title ?? Object.entries(spec?.fields ?? {}).find(([, field]) => field.kind === 'string')?.[0];
    for (const field of hide) {
      const found = fieldOf(entity, field);
      if (!found || (found.kind === 'relation' && found.cardinality === 'many'))
        refuse('roles', at, `names unknown field '${entity}.${field}'.`);
      else if (field === title)
        refuse('roles', at, `'${field}' names ${entity}'s records in lists and pickers; it cannot be hidden.`);
      else if (role.own?.[entity]?.split('.')[0] === field)
        refuse('roles', at, `'${field}' is the first step of ${name}.own.${entity}; it cannot be hidden from ${name}.`);
      else if (
        scopeOf(role, entity, 'create') !== null &&
        !found.optional &&
        !('default' in found && found.default !== undefined)
      )
        refuse('roles', at, `${name} creates ${entity} records and '${field}' is required without a default.`);
    }
  }

  const checkRoles = (point: PointName, at: string, who: unknown) => {
    if (!Array.isArray(who)) return;
    for (const role of who as string[])
      if (!roleNames.includes(role)) refuse(point, at, `permission for undeclared role '${role}'.`);
  };

  // [4] states
  for (const [entity, machine] of Object.entries(states)) {
    if (!(entity in entities)) {
      refuse('states', entity, `a machine for unknown entity '${entity}'.`);
      continue;
    }
    if (!machine.states.length || new Set(machine.states).size !== machine.states.length)
      refuse('states', entity, 'needs distinct states.');
    if (!machine.states.includes(machine.initial))
      refuse('states', `${entity}.initial`, `'${machine.initial}' is not a declared state.`);
    for (const [event, spec] of Object.entries(machine.events)) {
      const at = `${entity}.${event}`;
      const from = typeof spec.from === 'string' ? [spec.from] : spec.from;
      for (const state of [...from, spec.to])
        if (!machine.states.includes(state)) refuse('states', at, `event to or from undeclared state '${state}'.`);
      checkRoles('states', at, spec.who);
      if (reservedEventNames.includes(kebabName(event)))
        refuse(
          'states',
          at,
          `'${event}' is an action every record has; name the event otherwise (${reservedEventNames.join(', ')} are taken).`,
        );
      for (const role of spec.who) {
        const roleSpec = roles[role];
        if (roleSpec && scopeOf(roleSpec, entity, 'read') === null)
          refuse(
            'states',
            at,
            `role '${role}' may fire it but cannot read ${entity} (spec/roles.ts): give it read on ${entity}.`,
          );
      }
      for (const guard of spec.guards ?? []) {
        const rule = rules[guard];
        if (!rule) refuse('states', at, `guard '${guard}' is not a rule in spec/rules.ts.`);
        else if (rule.entity !== entity) refuse('states', at, `guard '${guard}' is a rule of ${rule.entity}.`);
      }
      for (const field of spec.requires ?? []) {
        if (!fieldOf(entity, field)) refuse('states', at, `requires unknown field '${entity}.${field}'.`);
        for (const role of spec.who) {
          const grant = roles[role]?.can;
          const entityGrant = grant === 'everything' ? undefined : grant?.[entity];
          if (typeof entityGrant === 'object' && entityGrant.hide?.includes(field))
            refuse('states', at, `requires '${field}', which spec/roles.ts hides from '${role}', who may fire it.`);
        }
      }
    }
  }

  // [7] calls
  const calls = isNotSpecified(spec.calls) ? {} : spec.calls;
  for (const [entity, operations] of Object.entries(calls.operations ?? {})) {
    if (!(entity in entities)) {
      refuse('calls', `operations.${entity}`, `names unknown entity '${entity}'.`);
      continue;
    }
    for (const operation of operations.standard)
      if (!standardOperations.includes(operation))
        refuse('calls', `operations.${entity}`, `'${operation}' is not one of ${standardOperations.join(', ')}.`);
    if (operations.standard.includes('events') && !states[entity])
      refuse('calls', `operations.${entity}`, `'events' needs a machine for ${entity} in spec/states.ts.`);
    for (const field of [...(operations.list?.filters ?? []), ...(operations.list?.sort ?? [])])
      if (!fieldOf(entity, field) && !['state', 'createdAt', 'number'].includes(field))
        refuse('calls', `operations.${entity}.list`, `names unknown field '${entity}.${field}'.`);
  }
  const entityOperationNames = new Set(Object.keys(calls.operations ?? {}).map((name) => name.toLowerCase()));
  for (const entity of Object.keys(calls.operations ?? {}))
    if (foundationRouters.includes(entity.charAt(0).toLowerCase() + entity.slice(1)))
      refuse(
        'calls',
        `operations.${entity}`,
        `its router would take the place of the foundation's '${entity}' router.`,
      );
  for (const [name, operation] of Object.entries(calls.custom ?? {})) {
    if (!camel.test(name)) refuse('calls', `custom.${name}`, 'an operation name is camelCase.');
    if (foundationRouters.includes(name))
      refuse('calls', `custom.${name}`, `it would take the place of the foundation's '${name}' router.`);
    if (entityOperationNames.has(name.toLowerCase()))
      refuse('calls', `custom.${name}`, "duplicate name: an entity's operations have it.");
    checkRoles('calls', `custom.${name}`, operation.who);
    for (const code of operation.errors ?? [])
      if (!(code in errors) && !foundationCodes.includes(code))
        refuse('calls', `custom.${name}`, `error code '${code}' is not declared in spec/errors.ts.`);
    for (const [fieldName, field] of Object.entries({ ...operation.input, ...operation.output }))
      if (field.kind === 'relation' && field.to !== 'user' && !(field.to in entities))
        refuse('calls', `custom.${name}.${fieldName}`, `relation to unknown entity '${field.to}'.`);
  }
  for (const [name, email] of Object.entries(calls.emails ?? {})) {
    const at = `emails.${name}`;
    const [entity = '', event = ''] = email.on.split('.');
    if (!states[entity]?.events[event]) {
      refuse('calls', at, `trigger '${email.on}' is not an event in spec/states.ts.`);
      continue;
    }
    const recipient = followPath(entities, entity, email.to);
    if (!recipient || !(recipient.entity === 'user' || recipient.field?.kind === 'email'))
      refuse('calls', at, `recipient '${email.to}' is not a path to an e-mail field or a user.`);
    for (const path of email.data)
      if (!followPath(entities, entity, path) && !standardColumns.includes(path))
        refuse('calls', at, `data '${path}' is not a path from ${entity}.`);
    for (const [, placeholder = ''] of email.subject.matchAll(/\{([^}]*)\}/g))
      if (!email.data.includes(placeholder)) refuse('calls', at, `the subject's {${placeholder}} is not in its data.`);
  }

  // [2] screens
  const routes = new Map<string, string>();
  for (const [name, screen] of Object.entries(specified(spec.screens))) {
    if (typeof screen.route !== 'string' || !screen.route.startsWith('/')) {
      refuse('screens', name, "a screen without a route: give it one starting with '/'.");
      continue;
    }
    const taken = routes.get(screen.route);
    if (taken) refuse('screens', name, `duplicate route '${screen.route}': ${taken} has it.`);
    routes.set(screen.route, name);
    if (screen.kind !== 'custom' && !(screen.entity in entities))
      refuse('screens', name, `names unknown entity '${screen.entity}'.`);
    checkRoles('screens', name, screen.who);
  }

  return problems;
}
