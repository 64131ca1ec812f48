import { GuardedScreen } from '../components/guarded-screen.tsx';
import { AllSessions } from '../features/admin/all-sessions.tsx';

/** Everyone's live sessions, each revocable. Needs `read:sessions:any`. */
export function AdminSessionsScreen() {
  return (
    <GuardedScreen title="Sessions" permission="read:sessions:any">
      {(viewer) => <AllSessions viewer={viewer} />}
    </GuardedScreen>
  );
}
