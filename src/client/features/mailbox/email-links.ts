import { splitLinks } from '../../../shared/text-links.ts';

export interface EmailLink {
  /** What the e-mail says the link does ("Choose a new password"), or the address itself. */
  label: string;
  href: string;
}

/**
 * The links of a plain-text e-mail with their labels: html-to-text writes a button as
 * its words then the address ("Choose a new password https://…"), so the label is the
 * text on the address's line before it. Each address once.
 */
export function emailLinks(text: string): EmailLink[] {
  const links: EmailLink[] = [];
  let before = '';
  for (const part of splitLinks(text)) {
    if (part.kind === 'text') {
      before = part.text;
      continue;
    }
    const label = (before.split('\n').at(-1) ?? '').replace(/[[(:\s]+$/, '').trim();
    if (!links.some((link) => link.href === part.href)) links.push({ label: label || part.href, href: part.href });
    before = '';
  }
  return links;
}
