import { GuardedScreen } from '../components/guarded-screen.tsx';
import { JobsPanel } from '../features/jobs/jobs-panel.tsx';

/** Background jobs by status, a failed one retryable. Needs `read:jobs:any`. */
export function AdminJobsScreen() {
  return (
    <GuardedScreen title="Jobs" permission="read:jobs:any">
      {(viewer) => <JobsPanel viewer={viewer} />}
    </GuardedScreen>
  );
}
