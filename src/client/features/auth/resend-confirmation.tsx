import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toClientError } from '../../errors/to-client-error.ts';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';

/**
 * "Resend confirmation" for an address (`auth.resendConfirmation`): the server answers
 * alike whether or not the address waits for a confirmation, so the toast says "if".
 */
export function ResendConfirmation({
  email,
  variant = 'outline',
  label = 'Resend confirmation',
}: {
  email: string;
  variant?: 'outline' | 'link';
  label?: string;
}) {
  const resend = trpc.auth.resendConfirmation.useMutation({ meta: { errorsShownInline: true } });
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="grid gap-1">
      <Button
        type="button"
        variant={variant}
        disabled={resend.isPending}
        className={variant === 'link' ? 'h-auto justify-start p-0' : undefined}
        onClick={() => {
          setFailure(null);
          resend.mutate(
            { email },
            {
              onSuccess: () => {
                notices.success(
                  'Confirmation sent',
                  `If ${email} is waiting for its confirmation, a new link is on its way.`,
                );
              },
              onError: (error) => {
                setFailure(toClientError(error).message);
              },
            },
          );
        }}
      >
        {resend.isPending ? <Spinner aria-hidden="true" role="presentation" aria-label={undefined} /> : null}
        {label}
      </Button>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
