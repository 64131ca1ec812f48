import { GuardedScreen } from '../components/guarded-screen.tsx';
import { SignOutButton } from '../components/sign-out-button.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { ChangePasswordForm } from '../features/account/change-password-form.tsx';
import { OwnSessions } from '../features/account/own-sessions.tsx';

/** The signed-in person's details, sessions and password. */
export function AccountScreen() {
  return (
    <GuardedScreen title="Account">
      {(viewer) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <Card aria-labelledby="account-details-title" role="region">
            <CardHeader>
              <CardTitle>
                <h2 id="account-details-title" className="text-base font-semibold">
                  Your details
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="min-w-0 font-medium break-words">{viewer.name}</dd>
                <dt className="text-muted-foreground">E-mail</dt>
                <dd className="min-w-0 font-medium break-all sm:break-normal">{viewer.email}</dd>
                <dt className="text-muted-foreground">Role</dt>
                <dd>
                  <Badge variant="secondary">{viewer.role}</Badge>
                </dd>
              </dl>
            </CardContent>
            <CardFooter>
              <SignOutButton />
            </CardFooter>
          </Card>
          <Card aria-labelledby="account-sessions-title" role="region">
            <CardHeader>
              <CardTitle>
                <h2 id="account-sessions-title" className="text-base font-semibold">
                  Sessions
                </h2>
              </CardTitle>
              <CardDescription>
                Every browser you are signed in with. Revoke one you do not recognise, then change your password.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <OwnSessions />
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
        </div>
      )}
    </GuardedScreen>
  );
}
