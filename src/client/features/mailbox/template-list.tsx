import { Link } from '../../router/router.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { trpc } from '../../trpc.ts';

/** `mailbox.templates`: every e-mail the app can send, each a link to its preview. */
export function TemplateList() {
  const templates = trpc.mailbox.templates.useQuery();

  if (templates.isPending)
    return (
      <div role="status" className="grid gap-3 sm:grid-cols-3">
        <span className="sr-only">Loading templates…</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  if (templates.error)
    return (
      <QueryError
        title="Could not load the templates"
        error={templates.error}
        onRetry={() => void templates.refetch()}
      />
    );

  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3" aria-label="Templates">
      {templates.data.map((template) => (
        <li
          key={template.name}
          className="relative rounded-lg border p-4 transition-colors hover:bg-muted/50 has-aria-[current=page]:border-primary has-aria-[current=page]:bg-primary/5"
        >
          <Link
            to="/mailbox/templates"
            search={{ name: template.name }}
            activeOptions={{ exact: true }}
            activeProps={{ 'aria-current': 'page' }}
            // The whole card answers a click; the link alone is what is read and focused.
            className="font-mono text-sm font-medium text-primary underline-offset-4 after:absolute after:inset-0 hover:underline"
          >
            {template.name}
          </Link>
          <p className="mt-1 text-sm text-muted-foreground">{template.description}</p>
        </li>
      ))}
    </ul>
  );
}
