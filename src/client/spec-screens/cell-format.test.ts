import { describe, expect, it } from 'vitest';
import type { EntityMeta, FieldMeta } from '../../shared/spec/entity-meta.ts';
import { choiceLabel, formatValue, listColumns, none, recordTitle } from './cell-format.ts';

const common = { optional: true, unique: false, searchable: false };
const money: FieldMeta = {
  ...common,
  kind: 'money',
  label: 'Estimate',
  currency: 'EUR',
  decimals: 2,
  allowNegative: false,
  maxMinor: 10_000_000,
};
const yen: FieldMeta = {
  ...common,
  kind: 'money',
  label: 'Price',
  currency: 'JPY',
  decimals: 0,
  allowNegative: false,
  maxMinor: 1e6,
};
const scheduled: FieldMeta = { ...common, kind: 'dateTime', label: 'Scheduled for', zone: 'Europe/Amsterdam' };
const tokyo: FieldMeta = { ...common, kind: 'dateTime', label: 'Scheduled for', zone: 'Asia/Tokyo' };

describe('a value as the screens show it', () => {
  it('shows money in its currency, with its own number of decimals', () => {
    expect(formatValue(money, 123450, 'en-GB')).toBe('€1,234.50');
    expect(formatValue(yen, 1500, 'en-GB')).toBe('JP¥1,500');
  });

  it('shows a date-time on its field’s zone’s clock, whatever the browser’s zone', () => {
    const instant = new Date('2026-11-26T08:30:00Z');
    expect(formatValue(scheduled, instant, 'en-GB')).toBe('26 Nov 2026, 09:30');
    expect(formatValue(tokyo, instant, 'en-GB')).toBe('26 Nov 2026, 17:30');
  });

  it('groups the digits of counts, not of years', () => {
    expect(formatValue({ ...common, kind: 'int', label: 'Year', min: 1950, max: 2100 }, 2021, 'en-GB')).toBe('2021');
    expect(formatValue({ ...common, kind: 'int', label: 'Km', min: 0, max: 2_000_000 }, 123456, 'en-GB')).toBe(
      '123,456',
    );
  });

  it('shows a calendar day as that day, never shifted by a zone', () => {
    expect(formatValue({ ...common, kind: 'date', label: 'Due' }, '2026-01-01', 'en-GB')).toBe('1 Jan 2026');
  });

  it('shows choices in words, yes/no for booleans, and a dash for nothing', () => {
    expect(choiceLabel('in_progress')).toBe('In progress');
    expect(formatValue({ ...common, kind: 'enum', label: 'P', values: ['urgent'] }, 'urgent')).toBe('Urgent');
    expect(formatValue({ ...common, kind: 'boolean', label: 'Waiting' }, false)).toBe('No');
    expect(formatValue(money, null)).toBe(none);
    expect(formatValue({ ...common, kind: 'string', label: 'Model', min: 0, max: 60 }, '')).toBe(none);
  });
});

describe('the columns of a list', () => {
  const meta: Pick<EntityMeta, 'number' | 'title' | 'states' | 'fields' | 'label'> = {
    label: 'Work order',
    number: { prefix: 'WO-', digits: 6 },
    title: 'summary',
    states: { states: ['draft'], initial: 'draft', events: {} },
    fields: {
      customer: {
        ...common,
        kind: 'relation',
        cardinality: 'one',
        to: 'Customer',
        column: 'customerId',
        label: 'Customer',
      },
      summary: { ...common, kind: 'string', label: 'Summary', min: 3, max: 120 },
      description: { ...common, kind: 'text', label: 'Description', max: 4000 },
      lines: { ...common, kind: 'relation', cardinality: 'many', to: 'PartLine', via: 'workOrder', label: 'Lines' },
      estimate: money,
      scheduledAt: scheduled,
      a: { ...common, kind: 'int', label: 'A', min: 0, max: 9 },
      b: { ...common, kind: 'int', label: 'B', min: 0, max: 9 },
    },
  };

  it('are the number, the title, the state, then the fields in order, without long text or many-relations, six at most', () => {
    expect(listColumns(meta).map((column) => (column.kind === 'field' ? column.name : column.kind))).toEqual([
      'number',
      'summary',
      'state',
      'customer',
      'estimate',
      'scheduledAt',
    ]);
  });

  it('name a record by its title, else its number, else the entity', () => {
    expect(recordTitle(meta, { summary: 'Brakes', number: 'WO-000001' })).toBe('Brakes');
    expect(recordTitle(meta, { summary: '', number: 'WO-000001' })).toBe('WO-000001');
    expect(recordTitle({ ...meta, number: null }, {})).toBe('Work order');
  });
});
