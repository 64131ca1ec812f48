import { GuardedScreen } from '../components/guarded-screen.tsx';
import { ApiKeysPanel } from '../features/admin/api-keys-panel.tsx';

/** Keys for internal scripts: create (shown once), list, revoke. Needs `manage:api-keys:any`. */
export function AdminApiKeysScreen() {
  return (
    <GuardedScreen title="API keys" permission="manage:api-keys:any">
      {() => <ApiKeysPanel />}
    </GuardedScreen>
  );
}
