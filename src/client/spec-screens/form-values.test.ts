import { describe, expect, it } from 'vitest';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { inputShape } from '../../shared/spec/entity-schemas.ts';
import { z } from 'zod';
import { changedValues, createDefaults, editDefaults, formFields } from './form-values.ts';

const common = { optional: false, unique: false, searchable: false };
const meta: EntityMeta = {
  name: 'WorkOrder',
  model: 'workOrder',
  label: 'Work order',
  plural: 'Work orders',
  title: 'summary',
  number: null,
  searchable: [],
  ownership: {},
  hidden: {},
  states: null,
  fields: {
    summary: { ...common, kind: 'string', label: 'Summary', min: 3, max: 120 },
    vehicle: { ...common, kind: 'relation', cardinality: 'one', to: 'Vehicle', column: 'vehicleId', label: 'Vehicle' },
    lines: { ...common, kind: 'relation', cardinality: 'many', to: 'PartLine', via: 'workOrder', label: 'Lines' },
    priority: { ...common, kind: 'enum', label: 'Priority', values: ['low', 'normal'], default: 'normal' },
    estimate: {
      ...common,
      optional: true,
      kind: 'money',
      label: 'Estimate',
      currency: 'EUR',
      decimals: 2,
      allowNegative: false,
      maxMinor: 10_000_000,
    },
    scheduledAt: { ...common, optional: true, kind: 'dateTime', label: 'Scheduled for', zone: 'Europe/Amsterdam' },
    duration: { ...common, kind: 'int', label: 'Duration', min: 15, max: 600, default: 60 },
    waiting: { ...common, kind: 'boolean', label: 'Waiting', default: false },
  },
};

describe('an entity’s form', () => {
  const fields = formFields(meta);

  it('has a control per field, a one-relation under its column, no many-relation', () => {
    expect(fields.map((field) => field.key)).toEqual([
      'summary',
      'vehicleId',
      'priority',
      'estimate',
      'scheduledAt',
      'duration',
      'waiting',
    ]);
    expect(formFields(meta, ['scheduledAt', 'vehicle']).map((field) => field.key)).toEqual([
      'vehicleId',
      'scheduledAt',
    ]);
  });

  it('starts a new record from the spec’s defaults, which the create schema accepts once filled in', () => {
    const values = createDefaults(fields);
    expect(values).toEqual({
      summary: '',
      vehicleId: '',
      priority: 'normal',
      estimate: '',
      scheduledAt: '',
      duration: 60,
      waiting: false,
    });
    const parsed = z.object(inputShape(meta)).parse({ ...values, summary: 'Brakes', vehicleId: 'v1' });
    expect(parsed).toMatchObject({ summary: 'Brakes', estimate: null, scheduledAt: null, duration: 60 });
  });

  it('shows a stored record as its inputs hold it, and parses back to the same record', () => {
    const record = {
      summary: 'Brakes',
      vehicleId: 'v1',
      priority: 'low',
      estimate: 123450,
      scheduledAt: new Date('2026-11-26T08:30:00Z'),
      duration: 90,
      waiting: true,
    };
    const values = editDefaults(fields, record);
    expect(values).toMatchObject({ estimate: '1234.50', scheduledAt: '2026-11-26T09:30' });
    expect(z.object(inputShape(meta)).parse(values)).toEqual(record);
  });

  it('sends an update with the version read and only the fields changed', () => {
    expect(changedValues({ summary: 'New', priority: 'low' }, { summary: true }, { id: 'w1', version: 3 })).toEqual({
      summary: 'New',
      id: 'w1',
      version: 3,
    });
  });
});
