import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { product } from '../../../shared/product.ts';
import { fontStack, smallPrintStyle, textColor } from './email-styles.ts';

export interface EmailLayoutProps {
  /** The line mail clients show next to the subject in the inbox. */
  preview: string;
  /** Why this person got the e-mail, completing "You received this e-mail because …". */
  reason: string;
  children: ReactNode;
}

/**
 * The frame every e-mail shares. It loads nothing remote (no images, fonts or
 * stylesheets): remote assets are blocked by many clients, track the reader, and
 * would make a plain-looking message look broken.
 */
export function EmailLayout({ preview, reason, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: fontStack, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '8px', padding: '32px' }}>
          <Section>
            <Text style={{ color: textColor, fontSize: '18px', fontWeight: 600, margin: '0 0 8px' }}>
              {product.name}
            </Text>
          </Section>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e3e6ea', margin: '32px 0 16px' }} />
          <Text style={{ ...smallPrintStyle, margin: 0 }}>You received this e-mail because {reason}</Text>
        </Container>
      </Body>
    </Html>
  );
}
