import { useId } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { trpc } from '../../trpc.ts';
import { RenderedEmail } from './rendered-email.tsx';

/** `mailbox.preview`: one template rendered with its sample data, as the gallery shows it. */
export function TemplatePreview({ name }: { name: string }) {
  const headingId = useId();
  const preview = trpc.mailbox.preview.useQuery({ name });

  return (
    <section aria-labelledby={headingId} className="template-preview">
      <h2 id={headingId}>
        Preview of <code>{name}</code>
      </h2>
      {preview.isPending ? (
        <p role="status">Loading the preview…</p>
      ) : preview.error ? (
        <QueryError title="Could not show the preview" error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <>
          <dl className="facts">
            <dt>Subject</dt>
            <dd>{preview.data.subject}</dd>
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
