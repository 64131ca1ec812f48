import { LogInIcon } from 'lucide-react';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { NewRecordForm } from '../features/records/new-record-form.tsx';
import { Link } from '../router/router.tsx';
import { useViewer } from '../viewer/use-viewer.ts';

/**
 * The placeholder domain's screen. It loads nothing: the list would only answer
 * "not available yet". Signed-in people get the form, because its rule (the shared
 * schema) is known; the server then says that creating is not available yet.
 * Visitors are offered to sign in instead of a form they could not use.
 */
export function RecordsScreen() {
  const { data: viewer } = useViewer();
  return (
    <PlaceholderScreen
      title="Records"
      summary="The product’s records are not specified yet: what they hold, and who may see or change them."
      operations={['records.list', 'records.get', 'records.create']}
    >
      {viewer === undefined ? (
        <Skeleton aria-hidden="true" className="h-48 w-full rounded-xl" />
      ) : viewer === null ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg font-semibold">Sign in to add records</h2>
            </CardTitle>
            <CardDescription>
              Once records are specified, signed-in people will create and find them here.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Link to="/sign-in" className={buttonVariants()}>
              <LogInIcon aria-hidden="true" />
              Sign in
            </Link>
            <Link to="/sign-up" className={buttonVariants({ variant: 'outline', className: 'text-foreground' })}>
              Create an account
            </Link>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent>
            <NewRecordForm />
          </CardContent>
        </Card>
      )}
    </PlaceholderScreen>
  );
}
