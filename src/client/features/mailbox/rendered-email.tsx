import { ArrowRightIcon } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { emailLinks } from './email-links.ts';
import { LinkedText } from './linked-text.tsx';

interface RenderedEmailProps {
  subject: string;
  html: string;
  text: string;
  /** h2 on a message's own screen, h3 inside the gallery's preview section. */
  headingLevel: 'h2' | 'h3';
}

/**
 * An e-mail's two bodies: the HTML as a mail client would draw it, with its links beside
 * it (its own buttons do nothing in the sandbox), and the plain text.
 */
export function RenderedEmail({ subject, html, text, headingLevel: Heading }: RenderedEmailProps) {
  const htmlId = useId();
  const hintId = useId();
  const linksId = useId();
  const textId = useId();
  const links = emailLinks(text);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <Card role="region" aria-labelledby={htmlId} className="min-w-0">
        <CardHeader>
          <CardTitle>
            <Heading id={htmlId} className="text-base font-semibold">
              HTML
            </Heading>
          </CardTitle>
          <CardDescription id={hintId}>
            Shown in a sandbox, where its buttons do nothing: open its links from the list beside it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
          {/* An empty sandbox: no scripts, no forms, no popups, and an opaque origin, so the
              e-mail's markup (with user data in it) cannot reach this page, its cookies or the API. */}
          <iframe
            sandbox=""
            srcDoc={html}
            title={`HTML version of “${subject}”`}
            aria-describedby={hintId}
            className="block h-[32rem] w-full min-w-0 rounded-md border bg-white"
          />
          <section aria-labelledby={linksId} className="min-w-0">
            <Heading id={linksId} className="mb-2 text-sm font-semibold">
              Links in this e-mail
            </Heading>
            {links.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="grid gap-3">
                {links.map((link) => (
                  <li key={link.href} className="min-w-0">
                    <a
                      href={link.href}
                      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
                    >
                      {link.label}
                      <ArrowRightIcon aria-hidden="true" className="size-3.5 shrink-0" />
                    </a>
                    {link.label === link.href ? null : (
                      <span className="block font-mono text-xs break-all text-muted-foreground">{link.href}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby={textId} className="min-w-0">
        <CardHeader>
          <CardTitle>
            <Heading id={textId} className="text-base font-semibold">
              Plain text
            </Heading>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <pre className="font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere] [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4">
            <LinkedText text={text} />
          </pre>
        </CardContent>
      </Card>
    </div>
  );
}
