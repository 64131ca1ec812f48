import { useId } from 'react';
import { LinkedText } from './linked-text.tsx';

interface RenderedEmailProps {
  subject: string;
  html: string;
  text: string;
  /** h2 on a message's own screen, h3 inside the gallery's preview section. */
  headingLevel: 'h2' | 'h3';
}

/** An e-mail's two bodies: the HTML as a mail client would draw it, and the plain text. */
export function RenderedEmail({ subject, html, text, headingLevel: Heading }: RenderedEmailProps) {
  const htmlId = useId();
  const hintId = useId();
  const textId = useId();
  return (
    <>
      <section className="panel" aria-labelledby={htmlId}>
        <Heading id={htmlId}>HTML</Heading>
        <p id={hintId} className="field-hint">
          Shown in a sandbox, so its links do not open here: follow them from the plain text.
        </p>
        {/* An empty sandbox: no scripts, no forms, no popups, and an opaque origin, so the
            e-mail's markup (with user data in it) cannot reach this page, its cookies or the API. */}
        <iframe
          sandbox=""
          srcDoc={html}
          title={`HTML version of “${subject}”`}
          aria-describedby={hintId}
          className="email-frame"
        />
      </section>
      <section className="panel" aria-labelledby={textId}>
        <Heading id={textId}>Plain text</Heading>
        <pre className="email-text">
          <LinkedText text={text} />
        </pre>
      </section>
    </>
  );
}
