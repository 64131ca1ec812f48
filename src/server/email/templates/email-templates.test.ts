import { describe, expect, it } from 'vitest';
import { emailTemplateNames, emailTemplates, renderEmail, renderFixture, type EmailTemplate } from './index.ts';

// Every rule here runs over every registered template, so a new e-mail is covered by
// registering it; none of them needs to know which fields a template has.

type AnyData = Record<string, string>;

const isWebUrl = (value: string) => /^https?:\/\//.test(value);

function fixtureOf(name: EmailTemplate['name']): AnyData {
  return { ...emailTemplates[name].fixture };
}

/** The data's own web addresses: the only ones an e-mail may link to. */
function urlsIn(data: AnyData): string[] {
  return Object.values(data).filter(isWebUrl);
}

/** Applies `change` to every field that is not a URL (the words a person could have typed). */
function withWords(data: AnyData, change: (value: string) => string): AnyData {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, isWebUrl(value) ? value : change(value)]));
}

// The union cannot be narrowed from a name held in a variable; these tests build data
// from the fixture of the same name, so the pairing is right by construction.
const template = (name: EmailTemplate['name'], data: AnyData) => ({ name, data }) as EmailTemplate;

const decodeAttribute = (value: string) => value.replaceAll('&amp;', '&');

describe.each(emailTemplateNames)('e-mail template %s', (name) => {
  it('renders its fixture as the gallery shows it', async () => {
    const { subject, html, text } = await renderFixture(name);
    expect(subject).toMatchSnapshot('subject');
    expect(html).toMatchSnapshot('html');
    expect(text).toMatchSnapshot('text');
  });

  it('loads nothing remote and links only to the addresses in its data', async () => {
    const data = fixtureOf(name);
    const { html } = await renderFixture(name);

    expect(html).not.toMatch(/\ssrc=/i);
    expect(html).not.toMatch(/<link/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/@import/i);

    const hrefs = [...html.matchAll(/\shref="([^"]*)"/gi)].map((match) => decodeAttribute(match[1] ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(new Set(hrefs)).toEqual(new Set(urlsIn(data)));

    // The DOCTYPE names the XHTML DTD by URL; clients identify it, they do not fetch it.
    const body = html.replace(/^<!DOCTYPE[^>]*>/i, '');
    const addresses = [...body.matchAll(/https?:\/\/[^\s"'<>)]+/gi)].map((match) => decodeAttribute(match[0]));
    for (const address of addresses) expect(urlsIn(data)).toContain(address);
  });

  it('writes every action address out in full in the text version', async () => {
    // Long enough that any line wrapping would split it, with a query that needs escaping in HTML.
    const longUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}next=%2Fhome&pad=${'a'.repeat(200)}`;
    const data = Object.fromEntries(
      Object.entries(fixtureOf(name)).map(([key, value]) => [key, isWebUrl(value) ? longUrl(value) : value]),
    );
    const { text } = await renderEmail(template(name, data));

    const urls = urlsIn(data);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(text).toContain(url);
  });

  it('keeps the subject on one non-empty line when the data contain line breaks', async () => {
    const data = withWords(fixtureOf(name), (value) => `${value}\r\nBcc: victim@example.test\n\u2028`);
    const { subject } = await renderEmail(template(name, data));

    expect(subject.trim()).not.toBe('');
    expect(subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(subject).toBe(subject.trim());
  });

  it("escapes a person's name in the HTML", async () => {
    const data = { ...fixtureOf(name), name: '<script>alert(1)</script>' };
    const { html } = await renderEmail(template(name, data));

    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
