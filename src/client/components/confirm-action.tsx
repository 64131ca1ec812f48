import { Loader2Icon } from 'lucide-react';
import { useRef, useState, type ReactElement, type ReactNode, type RefObject } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog.tsx';
import { Button } from './ui/button.tsx';

interface ConfirmActionProps {
  /** The button that asks: it opens the dialog and gets focus back when the dialog closes. */
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  /** The confirming button's words, e.g. "Disable account". */
  confirmLabel: string;
  /** The confirming button's look: destructive (the default), or default for an action that undoes nothing (a retry). */
  confirmVariant?: 'destructive' | 'default';
  /** Shown on the confirming button while the action runs, e.g. "Disabling…". */
  pendingLabel: string;
  /**
   * The action. The dialog stays open, its buttons inert, until it settles: closed
   * when it worked; left open when it failed (the error is a toast), to try again or cancel.
   */
  onConfirm: () => Promise<unknown>;
  /**
   * Where focus goes when the action removed the trigger (a revoked row is gone):
   * without it focus would fall to the page's top.
   */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * An action that asks first, mostly a destructive one (an AlertDialog: Cancel is focused, Escape
 * cancels), shows that it is running, and puts focus somewhere sensible afterwards.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  fallbackFocus,
  confirmVariant = 'destructive',
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Not while the action runs: its outcome decides.
        if (pending) return;
        if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent
        // Long names and addresses wrap inside the dialog instead of widening it past a phone's edge.
        className="[&>*]:min-w-0"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to the trigger; when the action removed it, somewhere near instead.
          event.preventDefault();
          const back = opener.current?.isConnected ? opener.current : fallbackFocus?.current;
          back?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle className="[overflow-wrap:anywhere]">{title}</AlertDialogTitle>
          <AlertDialogDescription className="[overflow-wrap:anywhere]">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* Not AlertDialogAction, which closes at once: this one waits for the outcome. */}
          <Button
            variant={confirmVariant}
            aria-disabled={pending}
            onClick={() => {
              if (pending) return;
              setPending(true);
              onConfirm().then(
                () => {
                  setPending(false);
                  setOpen(false);
                },
                () => {
                  setPending(false);
                },
              );
            }}
          >
            {pending ? (
              <>
                <Loader2Icon aria-hidden="true" className="animate-spin" />
                {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
