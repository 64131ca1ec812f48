import { useNavigate, useSearch } from '../router/router.tsx';
import { useId } from 'react';
import { OutboxFilters } from '../features/mailbox/outbox-filters.tsx';
import { OutboxList } from '../features/mailbox/outbox-list.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/**
 * Every e-mail in the outbox with its delivery state. In development and test it is
 * where e-mailed links are read; in production, where an admin checks delivery.
 * The filters live in the address, so going back from a message keeps them.
 */
export function MailboxScreen() {
  useDocumentTitle('Mailbox');
  const headingId = useId();
  const filters = useSearch('/mailbox');
  const navigate = useNavigate();

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight">
          Mailbox
        </h1>
        <p className="text-sm text-muted-foreground">
          Every e-mail the app sends waits in the outbox until it is delivered. Until you load more, the list refreshes
          itself every few seconds, so an e-mail you are waiting for appears here.
        </p>
      </div>
      <OutboxList
        filters={filters}
        toolbar={
          <OutboxFilters
            // A new form when the address changes (back, forward), so the fields show the filters in use.
            key={`${filters.recipient ?? ''}|${filters.status ?? ''}`}
            filters={filters}
            onFilter={(next) => {
              navigate({ to: '/mailbox', search: next });
            }}
          />
        }
      />
    </section>
  );
}
