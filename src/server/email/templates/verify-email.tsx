import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { identityLifetimes } from '../../../shared/constants.ts';
import { product } from '../../../shared/product.ts';
import { CallToAction } from './call-to-action.tsx';
import { defineEmailTemplate } from './define-email-template.ts';
import { EmailLayout } from './email-layout.tsx';
import { headingStyle, hours, paragraphStyle, smallPrintStyle } from './email-styles.ts';
import { Greeting } from './greeting.tsx';

export interface VerifyEmailData {
  name: string;
  url: string;
}

function VerifyEmail({ name, url }: VerifyEmailData) {
  return (
    <EmailLayout
      preview={`Confirm your e-mail address to finish signing up for ${product.name}.`}
      reason={`this address was used to sign up for ${product.name}.`}
    >
      <Heading as="h1" style={headingStyle}>
        Confirm your e-mail address
      </Heading>
      <Greeting name={name} />
      <Text style={paragraphStyle}>
        Please confirm that this is your e-mail address to finish signing up for {product.name}.
      </Text>
      <CallToAction label="Confirm e-mail address" url={url} />
      <Text style={smallPrintStyle}>
        {`The link expires in ${hours(identityLifetimes.verificationLinkHours)}.`} If you did not sign up for{' '}
        {product.name}, you can ignore this e-mail: no account will be confirmed.
      </Text>
    </EmailLayout>
  );
}

export const verifyEmail = defineEmailTemplate({
  name: 'verify-email',
  description: 'Sent after sign-up: the link that confirms the address belongs to the person.',
  subject: () => `Confirm your e-mail address for ${product.name}`,
  Component: VerifyEmail,
  fixture: { name: 'Ada Lovelace', url: 'https://app.example.test/verify-email?token=fixture-token' },
});
