import { useSearch } from '../router/router.tsx';
import { useId } from 'react';
import { TemplateList } from '../features/mailbox/template-list.tsx';
import { TemplatePreview } from '../features/mailbox/template-preview.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** The template gallery: every e-mail the app can send, and the chosen one rendered with sample data. */
export function MailboxTemplatesScreen() {
  useDocumentTitle('E-mail templates');
  const headingId = useId();
  const { name } = useSearch('/mailbox/templates');

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight">
          E-mail templates
        </h1>
        <p className="text-sm text-muted-foreground">
          How each e-mail looks before anyone receives it, filled in with sample data.
        </p>
      </div>
      <TemplateList />
      {name ? (
        <TemplatePreview key={name} name={name} />
      ) : (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          Choose a template to see its preview.
        </p>
      )}
    </section>
  );
}
