import { useId, useRef, useState } from 'react';
import { isRole, roleNames } from '../../../shared/permissions.ts';
import { formatDateTime } from '../../format.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';

type AdminUser = RouterOutputs['admin']['users']['list']['items'][number];

interface UserRowProps {
  user: AdminUser;
  /** Your own row: the server refuses changes to yourself, so none are offered. */
  isSelf: boolean;
  canUpdate: boolean;
  onChanged: (announcement: string) => void;
}

/**
 * One user. The role is chosen, then applied with the button that appears beside
 * the choice, so moving through the options with the keyboard changes nothing by
 * itself (WCAG 3.2.2). Failures become toasts (the global mutation handler).
 */
export function UserRow({ user, isSelf, canUpdate, onChanged }: UserRowProps) {
  const roleId = useId();
  const utils = trpc.useUtils();
  // The role chosen here and not applied yet; without one the row shows the list's
  // role, so another admin's change arrives with the list.
  const [draft, setDraft] = useState<string | null>(null);
  const role = draft ?? user.role;
  const onSuccess = (updated: AdminUser, change: string) => {
    onChanged(`${updated.name}: ${change}.`);
    return utils.admin.users.list.invalidate();
  };
  const roleSelect = useRef<HTMLSelectElement>(null);
  const setUserRole = trpc.admin.users.setRole.useMutation({
    onSuccess: async (updated) => {
      // The button goes once the role is applied; focus returns to the choice.
      roleSelect.current?.focus();
      await onSuccess(updated, `role is now ${updated.role}`);
      // The list now has the new role: the row follows it again.
      setDraft(null);
    },
  });
  const setDisabled = trpc.admin.users.setDisabled.useMutation({
    onSuccess: (updated) => onSuccess(updated, updated.disabled ? 'disabled, signed out everywhere' : 'enabled'),
  });
  const editable = canUpdate && !isSelf;

  return (
    <tr>
      <th scope="row">
        {user.name}
        {isSelf ? <span className="tag">You</span> : null}
      </th>
      <td className="wrap">{user.email}</td>
      <td>
        {user.disabled ? 'Disabled' : 'Active'}
        {user.emailVerified ? null : ', e-mail not confirmed'}
      </td>
      <td>{formatDateTime(user.createdAt)}</td>
      <td>
        <div className="cell-controls">
          <label htmlFor={roleId} className="visually-hidden">
            Role of {user.email}
          </label>
          <select
            ref={roleSelect}
            id={roleId}
            className="field-input field-select"
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
            <button
              type="button"
              className="button button-quiet"
              aria-label={`Change role of ${user.email}`}
              aria-disabled={setUserRole.isPending}
              onClick={() => {
                if (!setUserRole.isPending && isRole(role)) setUserRole.mutate({ userId: user.id, role });
              }}
            >
              Change role
            </button>
          ) : null}
        </div>
      </td>
      <td>
        {editable ? (
          <button
            type="button"
            className="button button-quiet"
            aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
            aria-disabled={setDisabled.isPending}
            onClick={() => {
              if (!setDisabled.isPending) setDisabled.mutate({ userId: user.id, disabled: !user.disabled });
            }}
          >
            {user.disabled ? 'Enable' : 'Disable'}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
