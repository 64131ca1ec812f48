import { GuardedScreen } from '../components/guarded-screen.tsx';
import { UsersPanel } from '../features/admin/users-panel.tsx';

/** Every account: search, role and disabling. Needs `read:users:any`; changes need `update:users:any`. */
export function AdminUsersScreen() {
  return (
    <GuardedScreen title="Users" permission="read:users:any">
      {(viewer) => <UsersPanel viewer={viewer} />}
    </GuardedScreen>
  );
}
