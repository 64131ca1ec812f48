export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/**
 * Web addresses in a plain-text e-mail, as html-to-text writes them: after a label, or
 * in [brackets]. The mailbox links them; tests and scripts find an e-mail's link with them.
 */
const webAddress = /https?:\/\/[^\s<>"[\]]+/g;

/** Punctuation that ends a sentence after an address rather than belonging to it. */
const trailingPunctuation = /[.,;:!?)]+$/;

/**
 * Splits plain text into runs of text and http(s) addresses, so the mailbox can
 * make the addresses followable. Only http and https: a `javascript:` address in
 * an e-mail stays text.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let end = 0;
  for (const match of text.matchAll(webAddress)) {
    const href = match[0].replace(trailingPunctuation, '');
    if (!URL.canParse(href)) continue;
    if (match.index > end) parts.push({ kind: 'text', text: text.slice(end, match.index) });
    parts.push({ kind: 'link', href });
    end = match.index + href.length;
  }
  if (end < text.length) parts.push({ kind: 'text', text: text.slice(end) });
  return parts;
}
