import { useEffect, useRef, type ReactNode } from 'react';
import { Link, usePathname } from '../router/router.tsx';
import { product } from '../../shared/product.ts';
import { navigation } from '../navigation.ts';
import { useCan } from '../viewer/use-viewer.ts';
import { AccountNav } from './account-nav.tsx';
import { SignedOutBanner } from './signed-out-banner.tsx';
import { ToastRegion } from './toast-region.tsx';

/** Header with the product's name, navigation and account links, the current screen, a footer, and the app-wide notices. */
export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const main = useRef<HTMLElement>(null);
  // The link is hidden from those who would only meet "no permission"; the server decides.
  const canAdminister = useCan('read:users:any');
  // The mailbox's default: open to everyone in development, to admins in production.
  // The browser cannot read MAILBOX, so this guesses from both; the server decides.
  const showMailbox = useCan('read:mailbox:any') || import.meta.env.DEV;
  const links = [
    ...navigation,
    ...(showMailbox ? [{ to: '/mailbox', label: 'Mailbox' } as const] : []),
    ...(canAdminister ? [{ to: '/admin', label: 'Admin' } as const] : []),
  ];
  const firstRender = useRef(true);

  // After a client-side navigation, move focus to the new screen so keyboard and
  // screen-reader users start there, as they would after a full page load.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <Link to="/" className="brand">
          {product.name}
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {links.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <AccountNav />
      </header>
      <SignedOutBanner />
      <main id="main" ref={main} tabIndex={-1} className="page">
        {children}
      </main>
      <footer className="shell-footer">
        <p>{product.description}</p>
      </footer>
      <ToastRegion />
    </div>
  );
}
