import { Text } from '@react-email/text';
import { paragraphStyle } from './email-styles.ts';

/** "Hello Ada," — or just "Hello," when the account has no name yet. */
export function Greeting({ name }: { name: string }) {
  const trimmed = name.trim();
  return <Text style={paragraphStyle}>{trimmed ? `Hello ${trimmed},` : 'Hello,'}</Text>;
}
