/**
 * The pattern to copy when the specification's point 7 (the calls the product makes,
 * including transactional e-mail) names a new e-mail. No feature sends this one yet;
 * it exists so the gallery and tests show a complete template that is not tied to
 * authentication. To add an e-mail: copy this file, give it its own name, data and
 * words, and register it in `index.ts`; the tests over all templates then cover it.
 */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { product } from '../../../shared/product.ts';
import { CallToAction } from './call-to-action.tsx';
import { defineEmailTemplate } from './define-email-template.ts';
import { EmailLayout } from './email-layout.tsx';
import { headingStyle, paragraphStyle } from './email-styles.ts';
import { Greeting } from './greeting.tsx';

export interface SampleNoticeData {
  name: string;
  headline: string;
  body: string;
  actionLabel: string;
  actionUrl: string;
}

function SampleNotice({ name, headline, body, actionLabel, actionUrl }: SampleNoticeData) {
  return (
    <EmailLayout preview={headline} reason={`you have an account with ${product.name}.`}>
      <Heading as="h1" style={headingStyle}>
        {headline}
      </Heading>
      <Greeting name={name} />
      <Text style={paragraphStyle}>{body}</Text>
      <CallToAction label={actionLabel} url={actionUrl} />
    </EmailLayout>
  );
}

export const sampleNotice = defineEmailTemplate({
  name: 'sample-notice',
  description: 'A generic notice with one action: the pattern new e-mails copy; nothing sends it yet.',
  subject: ({ headline }) => headline,
  Component: SampleNotice,
  fixture: {
    name: 'Ada Lovelace',
    headline: 'Your export is ready',
    body: 'The export you asked for has finished. It stays available for seven days.',
    actionLabel: 'Open the export',
    actionUrl: 'https://app.example.test/exports/fixture-export',
  },
});
