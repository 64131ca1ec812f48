import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { accentColor, smallPrintStyle } from './email-styles.ts';

export interface CallToActionProps {
  label: string;
  url: string;
}

/**
 * The button plus the same address written out, because some clients strip button
 * styling or links entirely and the reader must still be able to copy it. The text
 * version already prints the address after the button's label, so it skips the repeat.
 */
export function CallToAction({ label, url }: CallToActionProps) {
  const href = assertWebUrl(url);
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: accentColor,
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 600,
          padding: '12px 20px',
        }}
      >
        {label}
      </Button>
      <Text style={smallPrintStyle} data-skip-in-text>
        If the button does not work, copy this address into your browser:{' '}
        <Link href={href} style={{ color: accentColor, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** A link in an e-mail may only lead to a web page; `javascript:` or `data:` would be an attack. */
function assertWebUrl(url: string): string {
  const protocol = URL.parse(url)?.protocol;
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('An e-mail call to action needs an http(s) URL.');
  }
  return url;
}
