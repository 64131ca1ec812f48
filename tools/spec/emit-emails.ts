import type { EmailMeta, EmailValueMeta } from '../../src/server/spec-runtime/email-meta.ts';
import { generatedHeader } from './emit-typescript.ts';
import { words } from './resolve-entities.ts';

const literal = (value: unknown) => JSON.stringify(value, null, 2);

/** 'work-order-scheduled' → 'WorkOrderScheduled'. */
const pascal = (kebabName: string) =>
  kebabName.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/** The subject as JSX text: its `{key}` placeholders are already JSX expressions of the destructured data. */
const jsxText = (subject: string) => subject.replace(/[<>]/g, '');

/** The owned body of an e-mail, under src/server/email/templates/spec/. */
export const emailBodyFile = (email: EmailMeta) => `src/server/email/templates/spec/${email.template}.tsx`;

function sample(value: EmailValueMeta): string {
  switch (value.format.kind) {
    case 'money':
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency: value.format.currency }).format(125);
    case 'date':
      return '10 Mar 2026';
    case 'dateTime':
      return '10 Mar 2026, 10:00';
    case 'boolean':
      return 'yes';
    default:
      return `${value.label} of the example`;
  }
}

/**
 * [7] The registry of the spec's e-mails: each one's resolved metadata, its data type
 * (every value a display string, or null when empty), and its template definition with
 * the owned body, the subject and a fixture for the gallery and the tests.
 */
export function emitEmails(emails: readonly EmailMeta[]): string {
  const header = generatedHeader('calls');
  if (!emails.length)
    return `${header}
import type { EmailMeta } from '../spec-runtime/email-meta.ts';

/** [7] The specification's e-mails: none until spec/calls.ts names some. */
export const specEmails = [] as const satisfies readonly EmailMeta[];

/** Their templates, merged into src/server/email/templates/index.ts. */
export const specEmailTemplates = {};
`;
  const imports = emails.map(
    (email) => `import { ${pascal(email.template)}Body } from '../email/templates/spec/${email.template}.tsx';`,
  );
  const types = emails.map(
    (email) => `/** What the "${email.name}" e-mail shows, each value written out for people (null when empty). */
export interface ${pascal(email.template)}Data {
${email.data.map((value) => `  ${value.key}: string | null;`).join('\n')}
}`,
  );
  const templates = emails.map(
    (email) => `  ${JSON.stringify(email.template)}: defineEmailTemplate({
    name: ${JSON.stringify(email.template)},
    description: ${JSON.stringify(email.description)},
    subject: (data: ${pascal(email.template)}Data) => fillSubject(${JSON.stringify(email.subject)}, data),
    Component: ${pascal(email.template)}Body,
    fixture: ${literal(Object.fromEntries(email.data.map((value) => [value.key, sample(value)])))},
  }),`,
  );
  return `${header}
import { defineEmailTemplate } from '../email/templates/define-email-template.ts';
${imports.join('\n')}
import type { EmailMeta } from '../spec-runtime/email-meta.ts';
import { fillSubject } from '../spec-runtime/email-subject.ts';

${types.join('\n\n')}

/** [7] The specification's e-mails, resolved: src/server/spec-runtime/spec-emails.ts queues them on their events. */
export const specEmails = ${literal(emails)} as const satisfies readonly EmailMeta[];

/** Their templates, merged into src/server/email/templates/index.ts: the gallery and the outbox render them. */
export const specEmailTemplates = {
${templates.join('\n')}
};
`;
}

/** The body of one e-mail, written once and then the developer's: it compiles against the derived data type. */
export function emitEmailBody(email: EmailMeta): string {
  const name = pascal(email.template);
  const entityWords = words(email.entity).toLowerCase();
  const keys = email.data.map((value) => value.key);
  const rows = email.data.map(
    (value) => `      <Text style={paragraphStyle}>
        ${value.label}: {${value.key} ?? '—'}
      </Text>`,
  );
  return `/**
 * The body of the "${email.name}" e-mail (spec/calls.ts). Written once by \`npm run spec\`;
 * yours to refine: it is never overwritten. Its data type is derived, so when the spec
 * changes what the e-mail shows, this file stops compiling until it agrees.
 */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { product } from '../../../../shared/product.ts';
import type { ${name}Data } from '../../../generated/emails.ts';
import { fillSubject } from '../../../spec-runtime/email-subject.ts';
import { EmailLayout } from '../email-layout.tsx';
import { headingStyle, paragraphStyle } from '../email-styles.ts';

export function ${name}Body({ ${keys.join(', ')} }: ${name}Data) {
  return (
    <EmailLayout preview={fillSubject(${JSON.stringify(email.subject)}, { ${keys.join(', ')} })} reason={\`it concerns your ${entityWords} with \${product.name}.\`}>
      <Heading as="h1" style={headingStyle}>
        ${jsxText(email.subject)}
      </Heading>
${rows.join('\n')}
    </EmailLayout>
  );
}
`;
}
