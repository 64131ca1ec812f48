import type { RefObject } from 'react';
import { ConfirmAction } from './confirm-action.tsx';
import { Button } from './ui/button.tsx';

interface RevokeButtonProps {
  /** The button's accessible name, naming what it revokes. */
  label: string;
  /** The dialog's question, e.g. "Revoke this session?". */
  title: string;
  description: string;
  onRevoke: () => Promise<unknown>;
  /** Where focus goes once the revoked row is gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/** "Revoke" in a table row: asks first, then runs `onRevoke` with the dialog showing progress. */
export function RevokeButton({ label, title, description, onRevoke, fallbackFocus }: RevokeButtonProps) {
  return (
    <ConfirmAction
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={label}>
          Revoke
        </Button>
      }
      title={title}
      description={description}
      confirmLabel="Revoke"
      pendingLabel="Revoking…"
      onConfirm={onRevoke}
      {...(fallbackFocus ? { fallbackFocus } : {})}
    />
  );
}
