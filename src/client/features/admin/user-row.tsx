import { useId, useRef, useState } from 'react';
import { isRole, roleNames } from '../../../shared/permissions.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TableCell, TableHead, TableRow } from '../../components/ui/table.tsx';
import { notices } from '../../notifications/notices.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';

type AdminUser = RouterOutputs['admin']['users']['list']['items'][number];

interface UserRowProps {
  user: AdminUser;
  /** Your own row: the server refuses changes to yourself, so none are offered. */
  isSelf: boolean;
  canUpdate: boolean;
}

/** A native select in the kit's look: a phone shows its own picker, and tests can choose an option. */
const selectClass =
  'h-8 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30';

/**
 * One user. The role is chosen, then applied with the button that appears beside
 * the choice, so moving through the options with the keyboard changes nothing by
 * itself (WCAG 3.2.2). Disabling asks first. Success is a toast; failures are toasts
 * too (the global mutation handler).
 */
export function UserRow({ user, isSelf, canUpdate }: UserRowProps) {
  const roleId = useId();
  const utils = trpc.useUtils();
  // The role chosen here and not applied yet; without one the row shows the list's
  // role, so another admin's change arrives with the list.
  const [draft, setDraft] = useState<string | null>(null);
  const role = draft ?? user.role;
  const roleSelect = useRef<HTMLSelectElement>(null);
  const setUserRole = trpc.admin.users.setRole.useMutation({
    onSuccess: async (updated) => {
      // The button goes once the role is applied; focus returns to the choice.
      roleSelect.current?.focus();
      notices.success(`${updated.name}: role is now ${updated.role}.`);
      await utils.admin.users.list.invalidate();
      // The list now has the new role: the row follows it again.
      setDraft(null);
    },
  });
  const setDisabled = trpc.admin.users.setDisabled.useMutation({
    onSuccess: async (updated) => {
      notices.success(
        updated.disabled ? `${updated.name} is disabled` : `${updated.name} is enabled`,
        updated.disabled ? 'Signed out everywhere; they cannot sign in until enabled.' : 'They can sign in again.',
      );
      await utils.admin.users.list.invalidate();
    },
  });
  const editable = canUpdate && !isSelf;

  return (
    <TableRow>
      {/* Name and e-mail in one column, as two lines: the table then fits a laptop's width. */}
      <TableHead scope="row" className="font-medium">
        <span className="flex items-center gap-2">
          <span className="block max-w-40 truncate sm:max-w-56" title={user.name}>
            {user.name}
          </span>
          {isSelf ? <StatusBadge status="you" /> : null}
        </span>
        <span
          className="block max-w-48 truncate text-xs font-normal text-muted-foreground sm:max-w-64"
          title={user.email}
        >
          {user.email}
        </span>
      </TableHead>
      <TableCell>
        <span className="flex items-center gap-1">
          <StatusBadge status={user.disabled ? 'disabled' : 'active'} />
          {user.emailVerified ? null : <StatusBadge status="unconfirmed" />}
        </span>
      </TableCell>
      <TableCell>
        <DateTime value={user.createdAt} />
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <label htmlFor={roleId} className="sr-only">
            Role of {user.email}
          </label>
          <select
            ref={roleSelect}
            id={roleId}
            className={selectClass}
            value={role}
            disabled={!editable}
            onChange={(event) => {
              setDraft(event.target.value === user.role ? null : event.target.value);
            }}
          >
            {isRole(user.role) ? null : <option value={user.role}>{user.role}</option>}
            {roleNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {editable && (role !== user.role || setUserRole.isPending) ? (
            <Button
              type="button"
              size="sm"
              aria-label={`Change role of ${user.email}`}
              aria-disabled={setUserRole.isPending}
              onClick={() => {
                if (!setUserRole.isPending && isRole(role)) setUserRole.mutate({ userId: user.id, role });
              }}
            >
              Change role
            </Button>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="text-right">
        {!editable ? null : user.disabled ? (
          // Enabling gives access back and destroys nothing: no question first.
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Enable ${user.email}`}
            aria-disabled={setDisabled.isPending}
            onClick={() => {
              if (!setDisabled.isPending) setDisabled.mutate({ userId: user.id, disabled: false });
            }}
          >
            Enable
          </Button>
        ) : (
          <ConfirmAction
            trigger={
              <Button type="button" variant="outline" size="sm" aria-label={`Disable ${user.email}`}>
                Disable
              </Button>
            }
            title={`Disable ${user.name}?`}
            description={`${user.email} is signed out everywhere at once and cannot sign in until an administrator enables the account again. Nothing is deleted.`}
            confirmLabel="Disable account"
            pendingLabel="Disabling…"
            onConfirm={() => setDisabled.mutateAsync({ userId: user.id, disabled: true })}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
