import { Link } from '../../router/router.tsx';
import type { ClientError } from '../../errors/to-client-error.ts';

/** The link itself does not work: setup is done, or it is not the link this server printed. */
export function isSetupLinkProblem(error: ClientError): boolean {
  return error.code === 'SETUP_NOT_AVAILABLE' || error.code === 'SETUP_TOKEN_INVALID';
}

/** Why the setup link does not work, in the catalogue's words, and the way on: signing in. */
export function SetupLinkProblem({ error }: { error: Pick<ClientError, 'message'> }) {
  return (
    <div role="alert" className="grid gap-2 text-sm">
      <p className="text-destructive">{error.message}</p>
      <p>
        <Link to="/sign-in">Sign in</Link>
      </p>
    </div>
  );
}
