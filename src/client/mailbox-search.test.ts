import { describe, expect, it } from 'vitest';
import { limits } from '../shared/constants.ts';
import { listOutboxInputSchema, outboxStatuses, previewTemplateInputSchema } from '../shared/schemas/mailbox.schema.ts';
import { mailboxSearch, outboxStatusOptions, templateSearch } from './mailbox-search.ts';

describe('outboxStatusOptions', () => {
  it('lists exactly the shared outbox states', () => {
    expect([...outboxStatusOptions].sort()).toEqual([...outboxStatuses].sort());
  });
});

describe('mailboxSearch', () => {
  it.each([
    ['part of an address', { recipient: 'ada@' }],
    ['spaces around it', { recipient: '  ada@example.test ' }],
    ['a status', { status: 'failed' }],
    ['both', { recipient: 'grace', status: 'sent' }],
  ])('keeps %s as the server would read it', (_label, search) => {
    expect(mailboxSearch(search)).toEqual(listOutboxInputSchema.omit({ limit: true }).parse(search));
  });

  it.each([
    ['an empty recipient', { recipient: '   ' }],
    ['a recipient that is too long', { recipient: 'x'.repeat(limits.emailLength + 1) }],
    // The address holds strings (router/search-params.ts); a reader still refuses anything else.
    ['a number', { recipient: 123 }],
    ['an unknown status', { status: 'lost' }],
  ])('drops %s', (_label, search) => {
    expect(mailboxSearch(search)).toEqual({});
  });
});

describe('templateSearch', () => {
  it.each([
    ['a name', 'sample-notice', true],
    ['the longest allowed', 'x'.repeat(limits.idLength), true],
    ['an empty name', ' ', false],
    ['a name that is too long', 'x'.repeat(limits.idLength + 1), false],
    ['a number', 7, false],
  ])('agrees with the shared schema on %s', (_label, name, valid) => {
    expect(previewTemplateInputSchema.safeParse({ name }).success).toBe(valid);
    expect(templateSearch({ name })).toEqual(valid ? previewTemplateInputSchema.parse({ name }) : {});
  });
});
