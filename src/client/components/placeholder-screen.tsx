import { FileQuestionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProcedurePath } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { Card, CardContent } from './ui/card.tsx';

interface PlaceholderScreenProps {
  title: string;
  /** One sentence in the product's words: what this screen will be for. */
  summary: string;
  /**
   * The server operations the finished screen will call, checked against the router
   * at compile time. For developers only: people are never shown procedure names.
   */
  operations: readonly ProcedurePath[];
  /** What the screen can honestly do already, e.g. a form whose rules are known. */
  children?: ReactNode;
}

/**
 * A screen whose route exists before the specification says what it shows
 * (docs/architecture: "Placeholders, honestly"): it says so plainly and shows no
 * invented data.
 */
export function PlaceholderScreen({ title, summary, children }: PlaceholderScreenProps) {
  useDocumentTitle(title);
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 id={headingId} className="text-3xl font-semibold tracking-tight">
          {title}
        </h1>
        <p className="text-muted-foreground">{summary}</p>
      </header>
      <Card className="border-dashed shadow-none">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <FileQuestionIcon aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-lg font-semibold">Not specified yet</h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            What this page shows depends on the product’s specification, which has not described it yet. Nothing is
            loaded here until it does, so you will never see made-up data.
          </p>
        </CardContent>
      </Card>
      {children}
    </section>
  );
}
