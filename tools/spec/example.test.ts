import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveSchema, unportableLines } from '../../src/scripts/db/derive-schemas.ts';
import { ENGINES } from '../../src/server/db/engines.ts';
import { appRoot } from '../../src/server/paths.ts';
import type { EntityMeta } from '../../src/shared/spec/entity-meta.ts';
import { inputSchema, recordSchema, selectOf } from '../../src/shared/spec/entity-schemas.ts';
import { compileSpec, type Compiled } from './compile.ts';
import { loadSpec } from './load.ts';
import { replaceSection, type Output } from './outputs.ts';
import { overallStatus } from './spec-model.ts';

// The workshop example (examples/workshop/spec/) compiled in memory: nothing is written
// into the repository; the Prisma check works on a copy under the system's temp folder.
let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileSpec(await loadSpec(join(appRoot, 'examples/workshop/spec')));
});

const file = (path: string) => {
  const output = compiled.outputs.find((entry) => entry.path === path && entry.kind === 'file');
  if (!output) throw new Error(`no output ${path}`);
  return output.content;
};
const entity = (name: string): EntityMeta => {
  const meta = compiled.entities.find((entry) => entry.name === name);
  if (!meta) throw new Error(`no entity ${name}`);
  return meta;
};

/** prisma/models.prisma as the example compiles it: the project's file with both sections filled. */
function exampleModels(): string {
  const sections = compiled.outputs.filter(
    (output): output is Extract<Output, { kind: 'section' }> =>
      output.kind === 'section' && output.path === 'prisma/models.prisma',
  );
  return sections.reduce(
    (text, section) => replaceSection(text, section.path, section.start, section.end, section.content),
    readFileSync(join(appRoot, 'prisma/models.prisma'), 'utf8'),
  );
}

describe('the workshop example', () => {
  it('specifies all nine points', async () => {
    expect(overallStatus(await loadSpec(join(appRoot, 'examples/workshop/spec')))).toBe('specified');
  });

  it('compiles its entities into models with relations both ways, numbers and states', () => {
    const models = exampleModels();
    for (const model of ['Customer', 'Vehicle', 'WorkOrder', 'PartLine', 'SpecCounter'])
      expect(models).toContain(`model ${model} {`);
    expect(models).toMatch(
      /vehicleId +String\n +vehicle +Vehicle +@relation\("WorkOrder_vehicle", fields: \[vehicleId\]/,
    );
    expect(models).toMatch(/technicianId +String\?\n +technician +User\? +@relation\("WorkOrder_technician"/);
    expect(models).toMatch(/lines +PartLine\[\] +@relation\("PartLine_workOrder"\)/);
    expect(models).toMatch(/number +String +@unique/);
    expect(models).toMatch(/state +String +@default\("draft"\)/);
    expect(models).toMatch(/version +Int +@default\(1\)/);
    expect(models).toContain('@@index([technicianId])');
    // Prisma needs the other side of every relation to user, inside the foundation's User.
    const user = /model User \{[\s\S]*?\n\}/.exec(models)?.[0] ?? '';
    expect(user).toMatch(/technicianWorkOrders +WorkOrder\[\] +@relation\("WorkOrder_technician"\)/);
    expect(user).toMatch(/userCustomers +Customer\[\] +@relation\("Customer_user"\)/);
    expect(unportableLines(models)).toEqual([]);
  });

  it('gives models both engines accept (prisma validate on a temporary copy)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-example-prisma-'));
    try {
      for (const engine of ENGINES) {
        const schema = join(dir, engine, 'schema.prisma');
        mkdirSync(join(dir, engine));
        writeFileSync(schema, deriveSchema(engine, exampleModels()));
        // Offline: validate needs no schema engine, only a path that exists (docs/decisions/0003-offline-prisma.md).
        const output = execFileSync(join(appRoot, 'node_modules/.bin/prisma'), ['validate', '--schema', schema], {
          cwd: appRoot,
          env: {
            ...process.env,
            PRISMA_SCHEMA_ENGINE_BINARY: join(appRoot, 'package.json'),
            PRISMA_HIDE_UPDATE_MESSAGE: '1',
          },
          encoding: 'utf8',
        });
        expect(output, engine).toContain('is valid');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("builds each entity's input schema from its field bounds, with the form kit's codecs", () => {
    const workOrder = inputSchema(entity('WorkOrder'));
    const valid = {
      summary: 'Brakes',
      customerId: 'c1',
      vehicleId: 'v1',
      description: 'Squeaks when braking.',
      estimate: '1,234.50',
      scheduledAt: '2026-06-01T09:00',
    };
    const parsed = workOrder.parse(valid);
    expect(parsed).toMatchObject({ estimate: 123_450, technicianId: null, promisedAt: null, laborHours: null });
    expect(parsed.scheduledAt).toEqual(new Date('2026-06-01T07:00:00Z')); // Amsterdam, summer time
    const refused = (change: Record<string, unknown>) => !workOrder.safeParse({ ...valid, ...change }).success;
    expect([refused({ summary: 'abc' }), refused({ summary: 'ab' }), refused({ summary: 'x'.repeat(121) })]).toEqual([
      false,
      true,
      true,
    ]);
    expect([15, 600, 14, 601].map((durationMinutes) => refused({ durationMinutes }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(['100000.00', '100000.01', '12.345', '-1'].map((estimate) => refused({ estimate }))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(['1234.56', '12345.6', '1.234'].map((laborHours) => refused({ laborHours }))).toEqual([false, true, true]);
    expect(refused({ priority: 'critical' })).toBe(true);
    expect(refused({ scheduledAt: '2026-03-29T02:30' })).toBe(true); // the clocks skip it in Amsterdam
    expect(refused({ vehicleId: undefined })).toBe(true);

    const vehicle = inputSchema(entity('Vehicle'));
    const car = { customerId: 'c1', plate: 'AB-12-CD', make: 'Volvo' };
    expect(vehicle.safeParse(car).success).toBe(true);
    expect(vehicle.safeParse({ ...car, plate: 'A' }).success).toBe(false);
    expect(vehicle.safeParse({ ...car, year: 1949 }).success).toBe(false);
    expect(vehicle.safeParse({ ...car, inspectionDue: '2026-02-30' }).success).toBe(false);
    expect(inputSchema(entity('Customer')).safeParse({ name: 'Ann', email: 'not-an-address' }).success).toBe(false);
  });

  it('selects exactly the columns its record schema has', () => {
    for (const meta of compiled.entities) {
      const shape = (recordSchema(meta) as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(selectOf(meta)).sort(), meta.name).toEqual(Object.keys(shape).sort());
    }
    expect(file('src/server/generated/selects.ts')).toContain(
      'export const workOrderSelect = {\n  id: true,\n  version: true,',
    );
  });

  it('describes ownership and numbering in the metadata the runtime will read', () => {
    expect(entity('WorkOrder')).toMatchObject({
      number: { prefix: 'WO-', digits: 6 },
      ownership: { technician: ['technician'], customer: ['customer', 'user'] },
      states: { initial: 'draft' },
      searchable: ['summary'],
    });
    expect(entity('PartLine').ownership).toEqual({
      technician: ['workOrder', 'technician'],
      customer: ['workOrder', 'customer', 'user'],
    });
  });

  it('adds its errors to the catalogue with their 404, 409 and 422 statuses', () => {
    const codes = file('src/shared/generated/error-codes.ts');
    const entry = (code: string) =>
      new RegExp(`${code}: \\{\\n\\s+trpcCode: '(\\w+)',\\n\\s+httpStatus: (\\d+),`).exec(codes)?.slice(1);
    expect(entry('TECHNICIAN_DOUBLE_BOOKED')).toEqual(['CONFLICT', '409']);
    expect(entry('CUSTOMER_DAILY_LIMIT')).toEqual(['CONFLICT', '409']);
    expect(entry('OUTSIDE_OPENING_HOURS')).toEqual(['UNPROCESSABLE_CONTENT', '422']);
    expect(entry('WORK_ORDER_NOT_FOUND')).toEqual(['NOT_FOUND', '404']);
    expect(file('src/shared/generated/error-descriptions.ts')).toContain('TECHNICIAN_DOUBLE_BOOKED:');
  });

  it('compiles its constants, the time zone as its IANA name, and its product', () => {
    const constants = file('src/shared/generated/constants.ts');
    expect(constants).toContain("shopTimeZone: 'Europe/Amsterdam'");
    expect(constants).toContain('maxWorkOrdersPerCustomerPerDay: 2');
    expect(file('src/shared/generated/product.ts')).toContain("name: 'Workshop'");
  });

  it('reads back in the nine-point shape for people', () => {
    const docs = compiled.outputs.find((output) => output.path === 'docs/spec.md')?.content ?? '';
    expect(docs.match(/^### \d\. /gm)).toHaveLength(9);
    expect(docs).not.toContain('Not specified.');
    expect(docs).toContain('#### Work order (`WorkOrder`)');
    expect(docs).toMatch(/\| `schedule` +\| draft +\| scheduled +\| dispatcher +\|/);
  });
});
