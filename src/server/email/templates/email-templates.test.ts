import { Text } from '@react-email/text';
import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { defineEmailTemplate, type EmailTemplateDefinition } from './define-email-template.ts';
import { EmailLayout } from './email-layout.tsx';
import {
  emailTemplateNames,
  emailTemplates,
  renderDefinition,
  renderEmail,
  type EmailTemplate,
  type RenderedEmail,
} from './index.ts';

// Every rule here runs over every registered template, so a new e-mail is covered by
// registering it. A rule asks of a template what its data declares: the web addresses
// in its data are the links it must show (and the only ones), its words are what a
// person could have typed. None assumes a link, a `name` field, or data of strings only.

const isWebUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//.test(value);

/** `data` with `change` applied to every string in it, however deep; numbers, dates and the like stay. */
function mapStrings(data: unknown, change: (value: string) => string): unknown {
  if (typeof data === 'string') return change(data);
  if (Array.isArray(data)) return data.map((item) => mapStrings(item, change));
  if (typeof data === 'object' && data !== null && Object.getPrototypeOf(data) === Object.prototype) {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, mapStrings(value, change)]));
  }
  return data;
}

/** The strings in `data`, however deep. */
function stringsIn(data: unknown): string[] {
  const found: string[] = [];
  mapStrings(data, (value) => {
    found.push(value);
    return value;
  });
  return found;
}

/** The data's own web addresses: the only ones an e-mail may link to. */
const urlsIn = (data: unknown) => stringsIn(data).filter(isWebUrl);
/** The data's words: what a person could have typed (every string that is not a web address). */
const wordsIn = (data: unknown) => stringsIn(data).filter((value) => !isWebUrl(value));
/** `data` with `change` applied to its words only. */
const withWords = (data: unknown, change: (value: string) => string) =>
  mapStrings(data, (value) => (isWebUrl(value) ? value : change(value)));

const decodeAttribute = (value: string) => value.replaceAll('&amp;', '&');

interface TemplateUnderTest {
  fixture: object;
  render: (data: unknown) => Promise<RenderedEmail>;
}

// The union cannot be narrowed from a name held in a variable; these tests build data
// from the fixture of the same name, so the pairing is right by construction.
const registered = (name: EmailTemplate['name']): TemplateUnderTest => ({
  fixture: emailTemplates[name].fixture,
  render: (data) => renderEmail({ name, data } as EmailTemplate),
});

/**
 * A template of the tests' own, unlike today's registered ones: no link, and data
 * that is not all strings. The rules must hold for it as they do for the others.
 */
interface ReceiptData {
  buyer: { name: string };
  total: number;
  lines: string[];
  paidAt: Date;
}
const receipt: EmailTemplateDefinition<'test-receipt', ReceiptData> = defineEmailTemplate({
  name: 'test-receipt',
  description: 'A receipt: numbers, a date and a list, and nothing to click.',
  subject: ({ buyer }) => `Your receipt, ${buyer.name}`,
  Component: ({ buyer, total, lines, paidAt }: ReceiptData) =>
    createElement(EmailLayout, {
      preview: 'Your receipt',
      reason: 'you bought something.',
      children: createElement(
        Fragment,
        null,
        createElement(Text, null, `Thank you, ${buyer.name}.`),
        ...lines.map((line) => createElement(Text, { key: line }, line)),
        createElement(Text, null, `Total ${total.toFixed(2)}, paid ${paidAt.toISOString().slice(0, 10)}.`),
      ),
    }),
  fixture: {
    buyer: { name: 'Ada Lovelace' },
    total: 12.5,
    lines: ['One notebook', 'Two pencils'],
    paidAt: new Date('2026-01-02T03:04:05Z'),
  },
});
const ownTemplate: TemplateUnderTest = {
  fixture: receipt.fixture,
  render: (data) => renderDefinition(receipt, data as ReceiptData),
};

/** The rules every e-mail keeps, asked of what the template's data declares. */
function itKeepsTheRules({ fixture, render }: TemplateUnderTest) {
  it('loads nothing remote and links to exactly the addresses in its data', async () => {
    const { html } = await render(fixture);

    expect(html).not.toMatch(/\ssrc=/i);
    expect(html).not.toMatch(/<link/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/@import/i);

    // A template with a link shows it; one without shows none.
    const hrefs = [...html.matchAll(/\shref="([^"]*)"/gi)].map((match) => decodeAttribute(match[1] ?? ''));
    expect(new Set(hrefs)).toEqual(new Set(urlsIn(fixture)));

    // The DOCTYPE names the XHTML DTD by URL; clients identify it, they do not fetch it.
    const body = html.replace(/^<!DOCTYPE[^>]*>/i, '');
    const addresses = [...body.matchAll(/https?:\/\/[^\s"'<>)]+/gi)].map((match) => decodeAttribute(match[0]));
    for (const address of addresses) expect(urlsIn(fixture)).toContain(address);
  });

  it('writes every address of its data out in full in the text version, and no other', async () => {
    // Long enough that any line wrapping would split it, with a query that needs escaping in HTML.
    const longUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}next=%2Fhome&pad=${'a'.repeat(200)}`;
    const data = mapStrings(fixture, (value) => (isWebUrl(value) ? longUrl(value) : value));
    const { text } = await render(data);

    const urls = urlsIn(data);
    for (const url of urls) expect(text).toContain(url);
    const written = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
    for (const address of written) expect(urls).toContain(address);
  });

  it('keeps the subject on one non-empty line when the data contain line breaks', async () => {
    const data = withWords(fixture, (value) => `${value}\r\nBcc: victim@example.test\n\u2028`);
    const { subject } = await render(data);

    expect(subject.trim()).not.toBe('');
    expect(subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(subject).toBe(subject.trim());
  });

  it('escapes the words of its data in the HTML', async () => {
    const data = withWords(fixture, () => '<script>alert(1)</script>');
    const { html } = await render(data);

    expect(html).not.toMatch(/<script/i);
    if (wordsIn(fixture).length > 0) expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
}

describe.each(emailTemplateNames)('e-mail template %s', (name) => {
  it('renders its fixture as the gallery shows it', async () => {
    const { subject, html, text } = await registered(name).render(emailTemplates[name].fixture);
    expect(subject).toMatchSnapshot('subject');
    expect(html).toMatchSnapshot('html');
    expect(text).toMatchSnapshot('text');
  });

  itKeepsTheRules(registered(name));
});

describe('a template with no link and data that is not all strings', () => {
  itKeepsTheRules(ownTemplate);

  it('is rendered with its numbers and dates', async () => {
    const { text } = await ownTemplate.render(receipt.fixture);
    expect(text).toContain('Total 12.50, paid 2026-01-02.');
  });
});
