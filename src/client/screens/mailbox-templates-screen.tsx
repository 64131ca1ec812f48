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
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>E-mail templates</h1>
      <p>How each e-mail looks before anyone receives it, filled in with sample data.</p>
      <TemplateList />
      {name ? <TemplatePreview key={name} name={name} /> : <p>Choose a template to see its preview.</p>}
    </section>
  );
}
