import type { ReactNode } from 'react';
import { SubNav, subNavLinkClass } from '../components/sub-nav.tsx';
import { MailboxAccess } from '../features/mailbox/mailbox-access.tsx';
import { Link } from '../router/router.tsx';

/**
 * The mailbox's screens share a sub-navigation: the e-mails in the outbox and the
 * template gallery. No permission check here: the server decides who may read the
 * mailbox (MAILBOX: open in development and test, admins in production); a visitor
 * it refuses sees one message (MailboxAccess) instead of the screens.
 */
export function MailboxLayout({ children }: { children: ReactNode }) {
  return (
    <MailboxAccess>
      <SubNav label="Mailbox">
        <li>
          {/* Exact, so it is not also current on the gallery, which sits below it; filters do not count. */}
          <Link
            to="/mailbox"
            className={subNavLinkClass}
            activeOptions={{ exact: true, includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
          >
            E-mails
          </Link>
        </li>
        <li>
          <Link
            to="/mailbox/templates"
            className={subNavLinkClass}
            activeOptions={{ includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
          >
            Templates
          </Link>
        </li>
      </SubNav>
      {children}
    </MailboxAccess>
  );
}
