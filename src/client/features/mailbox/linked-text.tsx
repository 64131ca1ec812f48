import { Fragment } from 'react';
import { splitLinks } from '../../../shared/text-links.ts';

/** Plain text whose web addresses are links, as a text-only mail client would show them. */
export function LinkedText({ text }: { text: string }) {
  return splitLinks(text).map((part, index) =>
    part.kind === 'link' ? (
      <a key={index} href={part.href}>
        {part.href}
      </a>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
