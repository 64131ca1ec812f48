import Bowser from 'bowser';

/**
 * A browser's User-Agent header in people's words ("Chrome on Linux"), read by bowser,
 * a maintained parser, rather than by our own patterns. Only the session screens use
 * it, and they are lazy, so the parser stays out of the first chunk.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const header = userAgent?.trim();
  if (!header) return 'Unknown browser';
  const parsed = Bowser.parse(header);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // Not a browser (a script, curl): its product token is the clearest name it has.
  const product = /^[\w.-]+/.exec(header)?.[0];
  return product ?? 'Unknown browser';
}
