import { createElement } from 'react';
import { specEmailTemplates } from '../../generated/emails.ts';
import type { EmailTemplateDefinition } from './define-email-template.ts';
import { resetPassword } from './reset-password.tsx';
import { sampleNotice } from './sample-notice.tsx';
import { verifyEmail } from './verify-email.tsx';

/** Every e-mail the product can send, by name. Adding one here puts it in the gallery and the tests. */
export const emailTemplates = {
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'sample-notice': sampleNotice,
  // The specification's e-mails (spec/calls.ts), each with its owned body under spec/.
  ...specEmailTemplates,
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;

export const emailTemplateNames = Object.keys(emailTemplates) as readonly EmailTemplateName[];

/** Narrows a name read from outside (a URL, an outbox row) to a registered template. */
export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(emailTemplates, name);
}

type EmailTemplateData = { [N in EmailTemplateName]: (typeof emailTemplates)[N]['fixture'] };

/** A template name with its typed data: the discriminated union domain code passes to the e-mail port. */
export type EmailTemplate = { [N in EmailTemplateName]: { name: N; data: EmailTemplateData[N] } }[EmailTemplateName];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// Seen through this mapped type, indexing by a generic name keeps the name and its data
// correlated, so the compiler accepts one code path for every template.
const definitions: { [N in EmailTemplateName]: EmailTemplateDefinition<N, EmailTemplateData[N]> } = emailTemplates;

/** Renders the subject, HTML and plain-text versions of one e-mail. */
export async function renderEmail(template: EmailTemplate): Promise<RenderedEmail> {
  // The outbox stores templates by name, so a row may outlive the template it names.
  const storedName: string = template.name;
  if (!isEmailTemplateName(storedName)) throw new Error(`Unknown e-mail template "${storedName}".`);
  return renderWithData(template.name, template.data);
}

/** Renders a template with its fixture data (the gallery). */
export async function renderFixture(name: EmailTemplateName): Promise<RenderedEmail> {
  return renderWithData(name, definitions[name].fixture);
}

function renderWithData<N extends EmailTemplateName>(name: N, data: EmailTemplateData[N]): Promise<RenderedEmail> {
  return renderDefinition(definitions[name], data);
}

/**
 * Renders one definition with its data. Product code renders by name (renderEmail);
 * tests also render templates of their own, to hold the rules over every template to
 * what a template declares rather than to what today's templates happen to share.
 */
export async function renderDefinition<Data extends object>(
  definition: EmailTemplateDefinition<string, Data>,
  data: Data,
): Promise<RenderedEmail> {
  // Loaded with the first e-mail, not with the templates: the renderer and its
  // HTML-to-text converter are the heaviest part of e-mail.
  const { render } = await import('@react-email/render');
  const element = createElement(definition.Component, data);
  const [html, text] = await Promise.all([
    render(element),
    // Headings stay as written: html-to-text capitalises them by default, which reads as
    // shouting and mangles names or codes in a headline.
    render(element, {
      plainText: true,
      htmlToTextOptions: { selectors: [{ selector: 'h1', options: { uppercase: false } }] },
    }),
  ]);
  return { subject: toSubjectLine(definition.subject(data), definition.name), html, text };
}

/**
 * A subject is one header line: a line break from user data would end the header and
 * let the rest be read as further headers (header injection), so breaks, other control
 * characters and runs of spaces become one space.
 */
function toSubjectLine(subject: string, name: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const line = subject.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  if (!line) throw new Error(`The e-mail template "${name}" produced an empty subject.`);
  return line;
}
