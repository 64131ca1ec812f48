import { describe, expect, it } from 'vitest';
import {
  emailTemplateNames,
  emailTemplates,
  isEmailTemplateName,
  renderEmail,
  renderFixture,
  type EmailTemplate,
} from './index.ts';

const notice = {
  name: 'Ada Lovelace',
  headline: 'Your export is ready',
  body: 'It stays available for seven days.',
  actionLabel: 'Open the export',
  actionUrl: 'https://app.example.test/exports/1',
};

describe('renderEmail', () => {
  it('renders the template named with the data given', async () => {
    const rendered = await renderEmail({
      name: 'verify-email',
      data: { name: 'Grace', url: 'https://app.example.test/verify-email?token=abc' },
    });

    expect(rendered.subject).toMatch(/^Confirm your e-mail address/);
    expect(rendered.html).toContain('Hello Grace,');
    expect(rendered.html).toContain('href="https://app.example.test/verify-email?token=abc"');
    expect(rendered.text).toContain('https://app.example.test/verify-email?token=abc');
  });

  it("accepts only the named template's data (the compiler checks this file)", async () => {
    // @ts-expect-error: a sample notice's fields are not a verify-email's data
    const mismatched: EmailTemplate = { name: 'verify-email', data: { headline: 'x' } };
    // Should such data slip past the compiler, rendering fails instead of sending a hollow message.
    await expect(renderEmail(mismatched)).rejects.toThrow();
  });

  it('joins the lines of a subject taken from data into one', async () => {
    const { subject } = await renderEmail({
      name: 'sample-notice',
      data: { ...notice, headline: '  Line one\r\nBcc: victim@example.test\tLine\u2028two  ' },
    });
    expect(subject).toBe('Line one Bcc: victim@example.test Line two');
  });

  it('refuses a subject that is empty once its line breaks are gone', async () => {
    await expect(renderEmail({ name: 'sample-notice', data: { ...notice, headline: '\r\n \n' } })).rejects.toThrow(
      /empty subject/,
    );
  });

  it('refuses a call to action that is not a web address', async () => {
    const data = { ...notice, actionUrl: 'javascript:alert(1)' };
    await expect(renderEmail({ name: 'sample-notice', data })).rejects.toThrow(/http\(s\) URL/);
  });

  it('refuses a template name it does not know, as an outbox row may hold', async () => {
    const stale = { name: 'retired-template', data: {} } as unknown as EmailTemplate;
    await expect(renderEmail(stale)).rejects.toThrow(/Unknown e-mail template "retired-template"/);
  });
});

describe('renderFixture', () => {
  it('renders every registered template', async () => {
    const rendered = await Promise.all(emailTemplateNames.map((name) => renderFixture(name)));
    // Registered under its own name: the outbox stores the name, and the gallery links by it.
    for (const name of emailTemplateNames) expect(emailTemplates[name].name).toBe(name);
    for (const { subject, html, text } of rendered) {
      expect(subject).not.toBe('');
      expect(html).toMatch(/^<!DOCTYPE html/);
      expect(text).not.toBe('');
    }
  });
});

describe('isEmailTemplateName', () => {
  it('knows the registered names and nothing inherited', () => {
    expect(isEmailTemplateName('reset-password')).toBe(true);
    expect(isEmailTemplateName('retired-template')).toBe(false);
    expect(isEmailTemplateName('toString')).toBe(false);
  });
});
