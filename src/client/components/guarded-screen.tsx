import { Link, useSignInReturn } from '../router/router.tsx';
import { useId, type ReactNode } from 'react';
import type { Permission } from '../../shared/permissions.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useViewer, viewerCan, type Viewer } from '../viewer/use-viewer.ts';
import { NoPermission } from './no-permission.tsx';
import { QueryError } from './query-error.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

interface GuardedScreenProps {
  title: string;
  /** Left out, any signed-in person may see the screen. */
  permission?: Permission;
  /** A check beside the permission, e.g. the roles a specification's screen names. */
  allow?: (viewer: Viewer) => boolean;
  /** Beside the heading for a viewer who may see the screen, e.g. a "New" button. */
  actions?: (viewer: Viewer) => ReactNode;
  /** Rendered only for a viewer who may see the screen, so its queries start only then. */
  children: (viewer: Viewer) => ReactNode;
}

/**
 * A screen for signed-in people, optionally with a permission. Visitors are asked
 * to sign in, and people without the permission see "You do not have permission",
 * before any protected call leaves; the server refuses those calls anyway.
 */
export function GuardedScreen({ title, permission, allow, actions, children }: GuardedScreenProps) {
  useDocumentTitle(title);
  const headingId = useId();
  const viewer = useViewer();
  // Sign-in comes back here.
  const signInSearch = useSignInReturn();

  let body: ReactNode;
  if (viewer.isPending)
    body = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-9 w-full max-w-md" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  else if (viewer.error)
    body = (
      <QueryError title="Could not check who you are" error={viewer.error} onRetry={() => void viewer.refetch()} />
    );
  else if (!viewer.data)
    body = (
      <Card className="max-w-md">
        <CardHeader>
          <CardTitle>
            <h2 className="text-base font-semibold">Sign in to continue</h2>
          </CardTitle>
          <CardDescription>This page is for signed-in people.</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button asChild>
            <Link to="/sign-in" search={signInSearch}>
              Sign in
            </Link>
          </Button>
        </CardFooter>
      </Card>
    );
  else if ((permission && !viewerCan(viewer.data, permission)) || (allow && !allow(viewer.data)))
    body = <NoPermission />;
  else body = children(viewer.data);
  const allowed = viewer.data && (!permission || viewerCan(viewer.data, permission)) && (!allow || allow(viewer.data));

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          {title}
        </h1>
        {actions && allowed && viewer.data ? actions(viewer.data) : null}
      </div>
      {body}
    </section>
  );
}
