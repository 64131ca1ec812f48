import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { product } from '../../shared/product.ts';
import { navigationFor, type NavItem } from '../navigation.ts';
import { Link, usePathname } from '../router/router.tsx';
import { useCan, useViewer } from '../viewer/use-viewer.ts';
import { MenuButton, ThemeButton, UserMenuButton } from './header-triggers.tsx';
import { NavLinks } from './nav-links.tsx';
import { SignedOutBanner } from './signed-out-banner.tsx';
import { ToastNotices } from './toast-notices.tsx';
import { buttonClasses } from './first-paint-button.ts';
import { usePageIdle } from '../use-page-idle.ts';

// Radix's menu and sheet are not needed to paint the header: they load once the page is
// idle (or a button is pressed), while the buttons that open them are already drawn
// (header-triggers.tsx).
const loadMenus = () => import('./header-menus.tsx');
const UserMenu = lazy(() => loadMenus().then((module) => ({ default: module.UserMenu })));
const ThemeMenu = lazy(() => loadMenus().then((module) => ({ default: module.ThemeMenu })));
const NavSheet = lazy(() => loadMenus().then((module) => ({ default: module.NavSheet })));

// Live updates (one stream per tab) start once the page is idle and someone is signed in.
const LiveUpdates = lazy(() => import('../live/live-updates.tsx'));

type MenuName = 'user' | 'theme' | 'nav';

/** Header with the product's name, navigation and menus, the current screen, a footer, and the app-wide notices. */
export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  // The specification's screens join the navigation for the roles they name.
  const viewer = useViewer().data;
  const navigation = navigationFor(viewer?.role ?? null);
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // A menu pressed before its code arrived opens as soon as it does. Pointer-down
  // counts, as it does for Radix's trigger: if the code lands between pointer-down and
  // click, the click goes to the new button, which opens on pointer-down only.
  const [pressedEarly, setPressedEarly] = useState<MenuName | null>(null);
  const menusWanted = usePageIdle() || pressedEarly !== null;
  const pressEarly = (menu: MenuName) => {
    const press = () => {
      setPressedEarly(menu);
    };
    return { onPointerDown: press, onClick: press };
  };

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
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium shadow-md ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center gap-2 px-4 sm:px-6">
          {menusWanted ? (
            <Suspense fallback={<MenuButton {...pressEarly('nav')} />}>
              <NavSheetForViewer openAtOnce={pressedEarly === 'nav'} items={navigation} />
            </Suspense>
          ) : (
            <MenuButton {...pressEarly('nav')} />
          )}
          <Link
            to="/"
            className="mr-2 truncate rounded-md text-base font-semibold tracking-tight text-foreground no-underline outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {product.name}
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <NavLinks items={navigation} orientation="horizontal" />
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            {menusWanted ? (
              <Suspense fallback={<ThemeButton {...pressEarly('theme')} />}>
                <ThemeMenu openAtOnce={pressedEarly === 'theme'} />
              </Suspense>
            ) : (
              <ThemeButton {...pressEarly('theme')} />
            )}
            <nav aria-label="Account" className="flex items-center">
              <AccountArea
                menuWanted={menusWanted}
                openAtOnce={pressedEarly === 'user'}
                onPressEarly={pressEarly('user')}
              />
            </nav>
          </div>
        </div>
      </header>
      <SignedOutBanner />
      <main
        id="main"
        ref={main}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10"
      >
        {children}
      </main>
      <footer className="border-t">
        <div className="mx-auto w-full max-w-5xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <p>{product.description}</p>
        </div>
      </footer>
      <ToastNotices />
      {viewer && menusWanted ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
    </div>
  );
}

function NavSheetForViewer({ openAtOnce, items }: { openAtOnce: boolean; items: readonly NavItem[] }) {
  const { data: viewer } = useViewer();
  return <NavSheet openAtOnce={openAtOnce} signedOut={viewer === null} items={items} />;
}

/**
 * The user menu once signed in; "Sign in" and "Sign up" for visitors. While the
 * viewer is being asked for, a placeholder of the same height keeps the header still
 * and never flashes the wrong state.
 */
function AccountArea({
  menuWanted,
  openAtOnce,
  onPressEarly,
}: {
  /** Whether the user menu's code may load (usePageIdle, or a button pressed). */
  menuWanted: boolean;
  openAtOnce: boolean;
  onPressEarly: { onPointerDown: () => void; onClick: () => void };
}) {
  const { data: viewer } = useViewer();
  // The link is hidden from those who would only meet "no permission"; the server decides.
  const canAdminister = useCan('read:users:any');
  // The mailbox's default: open to everyone in development, to admins in production.
  // The browser cannot read MAILBOX, so this guesses from both; the server decides.
  const showMailbox = useCan('read:mailbox:any') || import.meta.env.DEV;

  // The kit's Skeleton's look, without its `cn` (tailwind-merge is not in the first chunk).
  if (viewer === undefined)
    return <div aria-hidden="true" className="h-9 w-9 animate-pulse rounded-full bg-accent sm:w-32" />;
  if (viewer === null) {
    return (
      <div className="flex items-center gap-1">
        <Link to="/sign-in" className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'text-foreground')}>
          Sign in
        </Link>
        <Link to="/sign-up" className={buttonClasses({ size: 'sm' }, 'max-sm:hidden')}>
          Sign up
        </Link>
      </div>
    );
  }
  if (!menuWanted) return <UserMenuButton viewer={viewer} {...onPressEarly} />;
  return (
    <Suspense fallback={<UserMenuButton viewer={viewer} {...onPressEarly} />}>
      <UserMenu viewer={viewer} canAdminister={canAdminister} showMailbox={showMailbox} openAtOnce={openAtOnce} />
    </Suspense>
  );
}
