import { ShieldAlertIcon } from 'lucide-react';
import { Link, useSignInReturn } from '../router/router.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card.tsx';

/**
 * What a signed-in person sees on a screen their role does not allow: from the
 * permission check before any call, or from a FORBIDDEN answer (the role changed
 * meanwhile), with its reference. Never the data. Someone with a second account
 * (an administrator's) can sign in with it and come back to this page.
 */
export function NoPermission({ requestId = null }: { requestId?: string | null }) {
  const signInSearch = useSignInReturn();
  return (
    <Card className="max-w-md" role="region" aria-labelledby="no-permission-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlertIcon aria-hidden="true" className="size-5 text-destructive" />
          <h2 id="no-permission-title" className="text-base font-semibold">
            You do not have permission
          </h2>
        </CardTitle>
        <CardDescription>Your account cannot open this page. If you need it, ask an administrator.</CardDescription>
      </CardHeader>
      {requestId ? (
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Reference: <code className="font-mono text-foreground">{requestId}</code>
          </p>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button asChild variant="outline">
          <Link to="/sign-in" search={signInSearch}>
            Sign in with another account
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
