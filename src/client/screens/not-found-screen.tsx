import { Link } from '../router/router.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** Any address the route table does not know. */
export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
