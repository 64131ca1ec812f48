import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { identityLifetimes } from '../../../shared/constants.ts';
import { product } from '../../../shared/product.ts';
import { CallToAction } from './call-to-action.tsx';
import { defineEmailTemplate } from './define-email-template.ts';
import { EmailLayout } from './email-layout.tsx';
import { headingStyle, hours, paragraphStyle, smallPrintStyle } from './email-styles.ts';
import { Greeting } from './greeting.tsx';

export interface ResetPasswordData {
  name: string;
  url: string;
}

function ResetPassword({ name, url }: ResetPasswordData) {
  return (
    <EmailLayout
      preview={`A link to choose a new password for ${product.name}.`}
      reason={`someone asked to reset the password of the ${product.name} account with this address.`}
    >
      <Heading as="h1" style={headingStyle}>
        Reset your password
      </Heading>
      <Greeting name={name} />
      <Text style={paragraphStyle}>
        We received a request to reset the password of your {product.name} account. Choose a new password here:
      </Text>
      <CallToAction label="Choose a new password" url={url} />
      <Text style={smallPrintStyle}>
        {`The link expires in ${hours(identityLifetimes.resetLinkHours)}.`} If you did not ask for this, you can ignore
        this e-mail: your password stays unchanged.
      </Text>
    </EmailLayout>
  );
}

export const resetPassword = defineEmailTemplate({
  name: 'reset-password',
  description: 'Sent when someone asks to reset a forgotten password: the link to choose a new one.',
  subject: () => `Reset your ${product.name} password`,
  Component: ResetPassword,
  fixture: { name: 'Ada Lovelace', url: 'https://app.example.test/reset-password?token=fixture-token' },
});
