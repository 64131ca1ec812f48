import type { CSSProperties } from 'react';

// Styles are inline because many mail clients drop <style> blocks; the font stack is
// the reader's own so nothing is fetched from the network.
export const fontStack =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const textColor = '#1f2933';
const mutedColor = '#61707f';
export const accentColor = '#1d4ed8';

export const headingStyle: CSSProperties = {
  color: textColor,
  fontSize: '22px',
  margin: '0 0 16px',
};

export const paragraphStyle: CSSProperties = {
  color: textColor,
  fontSize: '16px',
  lineHeight: '24px',
};

export const smallPrintStyle: CSSProperties = {
  color: mutedColor,
  fontSize: '13px',
  lineHeight: '20px',
};

/** "1 hour", "24 hours": a lifetime as an e-mail states it. */
export function hours(count: number): string {
  return `${count} ${count === 1 ? 'hour' : 'hours'}`;
}
