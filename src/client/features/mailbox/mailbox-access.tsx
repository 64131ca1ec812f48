import { useQuery } from '@tanstack/react-query';
import { LockIcon, MailXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { toClientError } from '../../errors/to-client-error.ts';
import { Link } from '../../router/router.tsx';
import { trpc } from '../../trpc.ts';
import { useDocumentTitle } from '../../use-document-title.ts';

/** The answers that mean "not for you" rather than "something broke". */
const refusals = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'] as const;
type Refusal = (typeof refusals)[number];
type Access = 'open' | Refusal;

const isRefusal = (code: string): code is Refusal => (refusals as readonly string[]).includes(code);

/**
 * Whether the server lets this visitor read the mailbox (MAILBOX: open in development
 * and test, admins in production, or off), asked once with the smallest page. A refusal
 * is an answer here, not an error: so it is not also reported as "You are signed out"
 * to someone who never signed in, and the screen shows one message instead of three.
 */
function useMailboxAccess() {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ['mailbox', 'access'],
    queryFn: async (): Promise<Access> => {
      try {
        await utils.client.mailbox.messages.query({ limit: 1 });
        return 'open';
      } catch (error) {
        const { code } = toClientError(error);
        if (isRefusal(code)) return code;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

const refusalWords: Record<Refusal, { title: string; description: string }> = {
  UNAUTHENTICATED: {
    title: 'The mailbox is for administrators',
    description: 'Sign in with an administrator’s account to read the e-mails the app sends.',
  },
  FORBIDDEN: {
    title: 'The mailbox is for administrators',
    description: 'Your account cannot read it. If you need it, ask an administrator.',
  },
  NOT_FOUND: {
    title: 'The mailbox is switched off',
    description: 'This server does not show the e-mails it sends.',
  },
};

/** The mailbox's screens, once the server said this visitor may read them; else one clear message. */
export function MailboxAccess({ children }: { children: ReactNode }) {
  const access = useMailboxAccess();
  if (access.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Opening the mailbox…</span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-full max-w-xl" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (access.error)
    return <QueryError title="Could not open the mailbox" error={access.error} onRetry={() => void access.refetch()} />;
  if (access.data === 'open') return children;

  return <Refused refusal={access.data} />;
}

function Refused({ refusal }: { refusal: Refusal }) {
  const { title, description } = refusalWords[refusal];
  useDocumentTitle(title);
  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <CardTitle>
          <h1 className="flex items-center gap-2 text-lg font-semibold">
            {refusal === 'NOT_FOUND' ? (
              <MailXIcon aria-hidden="true" className="size-5" />
            ) : (
              <LockIcon aria-hidden="true" className="size-5" />
            )}
            {title}
          </h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {refusal === 'UNAUTHENTICATED' ? (
        <CardFooter>
          <Link to="/sign-in" className={buttonVariants()}>
            Sign in
          </Link>
        </CardFooter>
      ) : null}
    </Card>
  );
}
