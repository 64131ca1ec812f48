import { GuardedScreen } from '../components/guarded-screen.tsx';
import { JobsPanel } from '../features/jobs/jobs-panel.tsx';
import { useNavigate, useSearch } from '../router/router.tsx';

/** Background jobs by status, a failed one retryable. Needs `read:jobs:any`. The filter lives in the address. */
export function AdminJobsScreen() {
  const { status } = useSearch('/admin/jobs');
  const navigate = useNavigate();
  return (
    <GuardedScreen title="Jobs" permission="read:jobs:any">
      {(viewer) => (
        <JobsPanel
          viewer={viewer}
          status={status}
          onStatus={(next) => {
            navigate({ to: '/admin/jobs', search: next ? { status: next } : {} });
          }}
        />
      )}
    </GuardedScreen>
  );
}
