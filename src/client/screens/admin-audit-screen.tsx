import { GuardedScreen } from '../components/guarded-screen.tsx';
import { AuditFilters } from '../features/admin/audit-filters.tsx';
import { AuditList } from '../features/admin/audit-list.tsx';
import { useNavigate, useSearch } from '../router/router.tsx';

/**
 * Every change, who made it and with what outcome: the audit trail. Needs
 * `read:audit:any`. The filters live in the address, so a filtered view can be shared.
 */
export function AdminAuditScreen() {
  const filters = useSearch('/admin/audit');
  const navigate = useNavigate();
  return (
    <GuardedScreen title="Audit trail" permission="read:audit:any">
      {() => (
        <AuditList
          filters={filters}
          toolbar={
            <AuditFilters
              filters={filters}
              onFilter={(next) => {
                navigate({ to: '/admin/audit', search: next });
              }}
            />
          }
        />
      )}
    </GuardedScreen>
  );
}
