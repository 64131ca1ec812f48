import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { field } from '../../src/shared/spec/fields.ts';
import { specPoints } from '../../src/shared/spec/points.ts';
import { compileInto, compileSpec } from './compile.ts';
import { loadSpec, SpecError } from './load.ts';
import { smallSpec } from './spec-fixture.ts';
import type { EntitiesSpec } from '../../src/shared/spec/entities.ts';
import type { ScreensSpec } from '../../src/shared/spec/screens.ts';
import type { Spec } from './spec-model.ts';
import { foundationModels, validateSpec } from './validate.ts';

/** A copy of the small spec with the value at `path` replaced (removed when `value` is undefined). */
function broken(path: string, value: unknown): Spec {
  const spec = structuredClone(smallSpec());
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let node = spec as unknown as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === undefined) Reflect.deleteProperty(node, last);
  else node[last] = value;
  return spec;
}

const small = smallSpec() as { entities: EntitiesSpec; screens: ScreensSpec };

describe('a bad specification is refused, one message per problem naming file, point and name', () => {
  it('accepts the small spec the cases below break', () => {
    expect(validateSpec(smallSpec())).toEqual([]);
  });

  it.each<[string, string, unknown, string]>([
    [
      'a relation to an unknown entity',
      'entities.Job.fields.helper',
      field.one('Helper'),
      "spec/entities.ts [3] entities: Job.helper: relation to unknown entity 'Helper'.",
    ],
    [
      'a custom operation named like a foundation router',
      'calls.custom',
      { auth: { kind: 'query', summary: 'Clashes.', who: 'signed-in', input: {}, output: {} } },
      "spec/calls.ts [7] calls: custom.auth: it would take the place of the foundation's 'auth' router.",
    ],
    [
      'an event to an undeclared state',
      'states.Job.events.finish.to',
      'closed',
      "spec/states.ts [4] states: Job.finish: event to or from undeclared state 'closed'.",
    ],
    [
      'an event from an undeclared state',
      'states.Job.events.finish.from',
      ['open', 'waiting'],
      "spec/states.ts [4] states: Job.finish: event to or from undeclared state 'waiting'.",
    ],
    [
      'a permission for an undeclared role (an event)',
      'states.Job.events.finish.who',
      ['staff', 'manager'],
      "spec/states.ts [4] states: Job.finish: permission for undeclared role 'manager'.",
    ],
    [
      'a permission for an undeclared role (a screen)',
      'screens.jobs.who',
      ['boss'],
      "spec/screens.ts [2] screens: jobs: permission for undeclared role 'boss'.",
    ],
    [
      'an error code used but not declared',
      'rules.inHours.error',
      'CLOSED',
      "spec/rules.ts [5] rules: inHours: raises error code 'CLOSED', which spec/errors.ts does not declare.",
    ],
    [
      'an error code clashing with a foundation code',
      'errors.NOT_FOUND',
      { status: 404, message: 'Gone.', when: 'Never.' },
      'spec/errors.ts [8] errors: NOT_FOUND: clashes with a foundation code',
    ],
    [
      'a screen without a route',
      'screens.jobs.route',
      undefined,
      "spec/screens.ts [2] screens: jobs: a screen without a route: give it one starting with '/'.",
    ],
    [
      'a duplicate route',
      'screens.moreJobs',
      small.screens.jobs,
      "spec/screens.ts [2] screens: moreJobs: duplicate route '/jobs': jobs has it.",
    ],
    [
      'entity names that differ only in case',
      'entities.JOB',
      small.entities.Job,
      'spec/entities.ts [3] entities: JOB: duplicate name: differs from Job only in case.',
    ],
    [
      'a field named like a standard column',
      'entities.Job.fields.version',
      field.int(),
      'spec/entities.ts [3] entities: Job.version: duplicate name: every entity has',
    ],
    [
      'an entity named like a foundation model',
      'entities.Session',
      { fields: { name: field.string() } },
      'spec/entities.ts [3] entities: Session: clashes with a foundation model',
    ],
    [
      'a guard naming no rule',
      'states.Job.events.finish.guards',
      ['inHourz'],
      "spec/states.ts [4] states: Job.finish: guard 'inHourz' is not a rule in spec/rules.ts.",
    ],
    [
      'an "own" without a path to the user',
      'roles.client.own.Job',
      'title',
      "spec/roles.ts [6] roles: client.own.Job: 'title' is not a path of one-relations ending at a user.",
    ],
    [
      'a money field whose currency is no constant',
      'entities.Job.fields.price',
      field.money({ currency: 'euro' }),
      "spec/entities.ts [3] entities: Job.price: currency 'euro' must name a constant",
    ],
    [
      'a time zone Intl does not know',
      'constants.zone',
      { kind: 'timeZone', zone: 'Europe/Atlantis' },
      "spec/constants.ts [9] constants: zone: 'Europe/Atlantis' is not a time zone Intl knows",
    ],
    [
      'a spec role named like a foundation role',
      'roles.admin',
      { description: 'Runs it.', can: 'everything' },
      "spec/roles.ts [6] roles: admin: 'admin' is a foundation role (src/shared/permissions.ts)",
    ],
    [
      "a spec role named like the foundation's default role",
      'roles.member',
      { description: 'Signed up.', can: { Job: { read: 'all' } } },
      "spec/roles.ts [6] roles: member: 'member' is a foundation role",
    ],
    [
      "an event named like an entity's action (its permission would read as one)",
      'states.Job.events.update',
      { from: 'open', to: 'done', who: ['staff'] },
      "spec/states.ts [4] states: Job.update: 'update' is an action every record has; name the event otherwise",
    ],
    [
      'an event named like a standard operation',
      'states.Job.events.list',
      { from: 'open', to: 'done', who: ['staff'] },
      "spec/states.ts [4] states: Job.list: 'list' is an action every record has",
    ],
    [
      'an event fired by a role that cannot read the entity',
      'roles.client.can',
      { Customer: { read: 'all' } },
      "spec/states.ts [4] states: Job.reopen: role 'client' may fire it but cannot read Job (spec/roles.ts)",
    ],
    [
      "an entity whose permissions would be spelled like the foundation's",
      'entities.Users',
      { fields: { name: field.string() } },
      "spec/entities.ts [3] entities: Users: its permissions would be spelled like the foundation's (`read:users:any`",
    ],
    [
      'a hidden field the entity lacks',
      'roles.client.can.Job',
      { read: 'own', hide: ['cost'] },
      "spec/roles.ts [6] roles: client.can.Job.hide: names unknown field 'Job.cost'.",
    ],
    [
      'a hidden title',
      'roles.client.can.Job',
      { read: 'own', hide: ['title'] },
      "spec/roles.ts [6] roles: client.can.Job.hide: 'title' names Job's records in lists and pickers",
    ],
    [
      "a hidden first step of the role's own path",
      'roles.client.can.Job',
      { read: 'own', hide: ['customer'] },
      "spec/roles.ts [6] roles: client.can.Job.hide: 'customer' is the first step of client.own.Job",
    ],
    [
      'a hidden field the role must give when it creates a record',
      'roles.client.can.Job',
      { read: 'own', create: 'own', hide: ['price'] },
      "spec/roles.ts [6] roles: client.can.Job.hide: client creates Job records and 'price' is required without a default.",
    ],
  ])('%s', (_, path, value, message) => {
    const problems = validateSpec(broken(path, value));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('refuses an event that requires a field hidden from a role that may fire it', () => {
    const spec = broken('roles.client.can.Job', { read: 'own', hide: ['price'] });
    expect(validateSpec(spec)).toEqual([]);
    const states = spec.states as unknown as { Job: { events: { reopen: { requires?: string[] } } } };
    states.Job.events.reopen.requires = ['price'];
    expect(validateSpec(spec)).toEqual([
      "spec/states.ts [4] states: Job.reopen: requires 'price', which spec/roles.ts hides from 'client', who may fire it.",
    ]);
  });
});

describe('a refused spec writes nothing', () => {
  let root = '';
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('rejects with every problem before a file is touched', async () => {
    root = mkdtempSync(join(tmpdir(), 'spec-refused-'));
    cpSync(join(appRoot, 'prisma/models.prisma'), join(root, 'prisma/models.prisma'));
    cpSync(join(appRoot, 'docs/spec.md'), join(root, 'docs/spec.md'));
    const before = readdirSync(root, { recursive: true }).sort();
    const models = readFileSync(join(root, 'prisma/models.prisma'), 'utf8');

    const spec = broken('entities.Job.fields.customer', field.one('Client'));
    (spec.screens as Record<string, { route: string }>).jobs = { ...small.screens.jobs, route: 'jobs' };
    const refusal = compileInto(root, spec);
    await expect(refusal).rejects.toThrow(SpecError);
    await expect(refusal).rejects.toThrow(/nothing was written[\s\S]*Job\.customer[\s\S]*screens: jobs/);

    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before);
    expect(readFileSync(join(root, 'prisma/models.prisma'), 'utf8')).toBe(models);
  });

  it('compiles the small spec (the cases above start from a spec that works)', async () => {
    await expect(compileSpec(smallSpec())).resolves.toMatchObject({
      entities: [{ name: 'Customer' }, { name: 'Job' }],
    });
  });
});

describe('loading a spec folder', () => {
  let dir = '';
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a missing file and a file holding another point's definition", async () => {
    dir = mkdtempSync(join(appRoot, 'tools/spec/.tmp-load-'));
    const define = (point: string) => `define${point.charAt(0).toUpperCase()}${point.slice(1)}`;
    const file = (point: string) =>
      `import { ${define(point)} } from '../../../src/shared/spec/${point}.ts';\n` +
      `import { notSpecified } from '../../../src/shared/spec/not-specified.ts';\n` +
      `export default ${define(point)}(notSpecified);\n`;
    for (const { name } of specPoints) if (name !== 'rules') writeFileSync(join(dir, `${name}.ts`), file(name));
    writeFileSync(join(dir, 'roles.ts'), file('states'));
    const loading = loadSpec(dir);
    await expect(loading).rejects.toThrow('spec/rules.ts [5] rules: the file is missing');
    await expect(loading).rejects.toThrow('spec/roles.ts [6] roles: the default export must be defineRoles(…).');
  });
});

describe('the foundation’s models a spec entity may not be named like', () => {
  it('are every model of prisma/models.prisma outside the spec’s markers, and the two the spec adds', () => {
    const models = readFileSync(join(appRoot, 'prisma', 'models.prisma'), 'utf8').replace(
      /\/\/ spec:models:start[^]*?\/\/ spec:models:end/,
      '',
    );
    const declared = [...models.matchAll(/^model (\w+) \{/gm)].map(([, name]) => name);
    expect([...foundationModels].sort()).toEqual([...declared, 'SpecCounter', 'SpecTransition'].sort());
  });
});
