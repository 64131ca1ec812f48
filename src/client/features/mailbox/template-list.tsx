import { Link } from '../../router/router.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { trpc } from '../../trpc.ts';

/** `mailbox.templates`: every e-mail the app can send, each a link to its preview. */
export function TemplateList() {
  const templates = trpc.mailbox.templates.useQuery();

  if (templates.isPending) return <p role="status">Loading templates…</p>;
  if (templates.error)
    return (
      <QueryError
        title="Could not load the templates"
        error={templates.error}
        onRetry={() => void templates.refetch()}
      />
    );

  return (
    <ul className="plain-list template-list" aria-label="Templates">
      {templates.data.map((template) => (
        <li key={template.name}>
          <Link
            to="/mailbox/templates"
            search={{ name: template.name }}
            activeOptions={{ exact: true }}
            activeProps={{ 'aria-current': 'page' }}
          >
            <code>{template.name}</code>
          </Link>
          <p>{template.description}</p>
        </li>
      ))}
    </ul>
  );
}
