import type { ReactNode } from 'react';
import { Link } from '../router/router.tsx';

/**
 * The mailbox's screens share a sub-navigation: the e-mails in the outbox and the
 * template gallery. No permission check here: the server decides who may read the
 * mailbox (MAILBOX: open in development and test, admins in production), and each
 * screen shows its answer.
 */
export function MailboxLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <nav aria-label="Mailbox" className="sub-nav">
        <ul className="nav-list">
          <li>
            {/* Exact, so it is not also current on the gallery, which sits below it; filters do not count. */}
            <Link
              to="/mailbox"
              className="nav-link"
              activeOptions={{ exact: true, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
            >
              E-mails
            </Link>
          </li>
          <li>
            <Link
              to="/mailbox/templates"
              className="nav-link"
              activeOptions={{ includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
            >
              Templates
            </Link>
          </li>
        </ul>
      </nav>
      {children}
    </>
  );
}
