import { Link } from '../router/router.tsx';
import { buttonClasses } from '../components/first-paint-button.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** Any address the route table does not know. */
export function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center"
    >
      <p className="text-sm font-semibold text-muted-foreground">404</p>
      <h1 id="not-found-title" className="text-3xl font-semibold tracking-tight">
        Page not found
      </h1>
      <p className="text-muted-foreground">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className={buttonClasses({}, 'mt-2')}>
        Go to the home page
      </Link>
    </section>
  );
}
