import type { ReactNode } from 'react';
import { Link } from '../router/router.tsx';
import type { Permission } from '../../shared/permissions.ts';
import { SubNav, subNavLinkClass } from '../components/sub-nav.tsx';
import { useViewer, viewerCan } from '../viewer/use-viewer.ts';

const sections = [
  { to: '/admin/users', label: 'Users', permission: 'read:users:any' },
  { to: '/admin/sessions', label: 'Sessions', permission: 'read:sessions:any' },
  { to: '/admin/api-keys', label: 'API keys', permission: 'manage:api-keys:any' },
  { to: '/admin/jobs', label: 'Jobs', permission: 'read:jobs:any' },
  { to: '/admin/audit', label: 'Audit trail', permission: 'read:audit:any' },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

/**
 * The administration screens share a sub-navigation, listing only the sections the
 * viewer may open. Each screen checks its own permission (GuardedScreen).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { data: viewer } = useViewer();
  const allowed = sections.filter((section) => viewerCan(viewer, section.permission));
  return (
    <>
      {allowed.length > 0 ? (
        <SubNav label="Administration">
          {allowed.map((section) => (
            <li key={section.to}>
              <Link to={section.to} className={subNavLinkClass} activeProps={{ 'aria-current': 'page' }}>
                {section.label}
              </Link>
            </li>
          ))}
        </SubNav>
      ) : null}
      {children}
    </>
  );
}
