import { useId } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { trpc } from '../../trpc.ts';
import { RenderedEmail } from './rendered-email.tsx';

/** `mailbox.preview`: one template rendered with its sample data, as the gallery shows it. */
export function TemplatePreview({ name }: { name: string }) {
  const headingId = useId();
  const preview = trpc.mailbox.preview.useQuery({ name });

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Preview of <code className="font-mono">{name}</code>
      </h2>
      {preview.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the preview…</span>
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : preview.error ? (
        <QueryError title="Could not show the preview" error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <>
          <dl className="flex flex-wrap gap-x-3 text-sm">
            <dt className="text-muted-foreground">Subject</dt>
            <dd className="font-medium">{preview.data.subject}</dd>
          </dl>
          <RenderedEmail
            subject={preview.data.subject}
            html={preview.data.html}
            text={preview.data.text}
            headingLevel="h3"
          />
        </>
      )}
    </section>
  );
}
