import { GuardedScreen } from '../components/guarded-screen.tsx';
import { SignOutButton } from '../components/sign-out-button.tsx';
import { ChangePasswordForm } from '../features/account/change-password-form.tsx';
import { OwnSessions } from '../features/account/own-sessions.tsx';

/** The signed-in person's details, sessions and password. */
export function AccountScreen() {
  return (
    <GuardedScreen title="Account">
      {(viewer) => (
        <>
          <section className="panel" aria-labelledby="account-details-title">
            <h2 id="account-details-title">Your details</h2>
            <dl className="facts">
              <dt>Name</dt>
              <dd>{viewer.name}</dd>
              <dt>E-mail</dt>
              <dd>{viewer.email}</dd>
              <dt>Role</dt>
              <dd>{viewer.role}</dd>
            </dl>
            <p>
              <SignOutButton />
            </p>
          </section>
          <section className="panel" aria-labelledby="account-sessions-title">
            <h2 id="account-sessions-title">Sessions</h2>
            <p>Every browser you are signed in with. Revoke one you do not recognise, then change your password.</p>
            <OwnSessions />
          </section>
          <div className="panel">
            <ChangePasswordForm />
          </div>
        </>
      )}
    </GuardedScreen>
  );
}
