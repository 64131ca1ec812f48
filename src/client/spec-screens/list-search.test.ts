import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../router/search-params.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { listOptionsOf } from '../../shared/spec/list-input.ts';
import { isNarrowed, listInputOf } from './list-input-of.ts';
import { listSearch, listSearchShape } from './list-search-shape.ts';
import { listSearchValues } from './list-search.ts';

const fields: EntityMeta['fields'] = {
  summary: { kind: 'string', label: 'Summary', optional: false, unique: false, searchable: true, min: 3, max: 120 },
  priority: {
    kind: 'enum',
    label: 'Priority',
    optional: false,
    unique: false,
    searchable: false,
    values: ['low', 'normal', 'urgent'],
  },
  customer: {
    kind: 'relation',
    cardinality: 'one',
    to: 'Customer',
    column: 'customerId',
    label: 'Customer',
    optional: false,
    unique: false,
    searchable: false,
  },
  estimate: {
    kind: 'money',
    label: 'Estimate',
    currency: 'EUR',
    decimals: 2,
    allowNegative: false,
    maxMinor: 10_000_000,
    optional: true,
    unique: false,
    searchable: false,
  },
  scheduledAt: {
    kind: 'dateTime',
    zone: 'Europe/Amsterdam',
    label: 'Scheduled for',
    optional: true,
    unique: false,
    searchable: false,
  },
  waiting: { kind: 'boolean', label: 'Waiting', optional: false, unique: false, searchable: false },
};
const meta: Pick<EntityMeta, 'fields' | 'states'> = {
  fields,
  states: { states: ['draft', 'scheduled'], initial: 'draft', events: {} },
};
const options = listOptionsOf({
  standard: ['list'],
  list: {
    filters: ['state', 'priority', 'customer', 'estimate', 'scheduledAt', 'waiting'],
    sort: ['scheduledAt', 'createdAt'],
    pageSize: 25,
  },
});
const read = listSearch(listSearchShape(meta, options));

/** What a list screen reads from an address: the route's reader, then the entity's. */
const fromAddress = (query: string) => read(listSearchValues(parseSearch(query)));

describe('a list screen’s search in the address', () => {
  it('round-trips: what the filters send is what the address gives back', () => {
    const search = read({
      q: 'brake',
      state: 'scheduled',
      priority: 'urgent',
      customer: 'c1',
      estimateFrom: '10.50',
      scheduledAtTo: '2026-11-30',
      waiting: 'yes',
      sort: 'scheduledAt',
      dir: 'asc',
      archived: 'yes',
    });
    expect(fromAddress(stringifySearch(search))).toEqual(search);
    expect(stringifySearch(search)).toBe(
      '?q=brake&state=scheduled&priority=urgent&customer=c1&estimateFrom=10.50&scheduledAtTo=2026-11-30&waiting=yes&sort=scheduledAt&dir=asc&archived=yes',
    );
  });

  it('drops what the entity would not accept, and keeps the rest', () => {
    expect(
      fromAddress('?state=lost&priority=urgent&estimateFrom=ten&scheduledAtFrom=30-11-2026&sort=summary&dir=up&x=1'),
    ).toEqual({ priority: 'urgent' });
  });

  it('keeps no overlong search text, not even in the route’s own reader', () => {
    expect(listSearchValues({ q: 'x'.repeat(101) })).toEqual({});
    expect(fromAddress(`?q=${'x'.repeat(100)}`).q).toHaveLength(100);
  });
});

describe('the list input an address asks for', () => {
  it('is the first declared sort, descending, a page of the declared size, live records, when it says nothing', () => {
    expect(listInputOf(meta, options, {})).toEqual({
      filters: {},
      sort: { by: 'scheduledAt', direction: 'desc' },
      archived: false,
      limit: 25,
    });
    expect(isNarrowed({})).toBe(false);
    expect(isNarrowed({ sort: 'createdAt', dir: 'asc' })).toBe(false);
  });

  it('turns amounts into minor units, yes/no into booleans, and a date-time range’s days into instants in the field’s zone', () => {
    const input = listInputOf(meta, options, {
      q: 'brake',
      priority: 'urgent',
      waiting: 'no',
      estimateFrom: '1,234.5',
      scheduledAtFrom: '2026-11-01',
      scheduledAtTo: '2026-11-30',
      archived: 'yes',
    });
    expect(input.search).toBe('brake');
    expect(input.archived).toBe(true);
    expect(input.filters).toEqual({
      priority: 'urgent',
      waiting: false,
      estimate: { from: 123450, to: null },
      // Amsterdam is UTC+1 in November: its days start an hour earlier in UTC, and the 30th lasts until midnight there.
      scheduledAt: { from: new Date('2026-10-31T23:00:00.000Z'), to: new Date('2026-11-30T22:59:59.999Z') },
    });
    expect(isNarrowed({ q: 'brake' })).toBe(true);
  });
});
