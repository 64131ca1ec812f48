import { LogOutIcon, MailIcon, MonitorIcon, MoonIcon, ShieldIcon, SunIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { product } from '../../shared/product.ts';
import type { NavItem } from '../navigation.ts';
import { Link, usePathname } from '../router/router.tsx';
import { setThemePreference, useTheme, type ThemePreference } from '../theme/theme.ts';
import { useSignOut } from '../viewer/use-session-change.ts';
import type { Viewer } from '../viewer/use-viewer.ts';
import { MenuButton, ThemeButton, UserMenuButton } from './header-triggers.tsx';
import { NavLinks } from './nav-links.tsx';
import { buttonVariants } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from './ui/sheet.tsx';

/**
 * The header's menus (Radix DropdownMenu and Sheet), loaded after first paint by
 * app-shell.tsx. `openAtOnce` is set when the person pressed the placeholder button
 * before this module arrived, so that press is not lost.
 */
interface LazyMenuProps {
  openAtOnce: boolean;
}

export function UserMenu({
  viewer,
  canAdminister,
  showMailbox,
  openAtOnce,
}: LazyMenuProps & {
  viewer: Viewer;
  canAdminister: boolean;
  showMailbox: boolean;
}) {
  const { signOut, isPending } = useSignOut();
  return (
    <DropdownMenu defaultOpen={openAtOnce}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton viewer={viewer} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate text-sm font-medium">{viewer.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{viewer.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserIcon aria-hidden="true" />
            Account
          </Link>
        </DropdownMenuItem>
        {canAdminister ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldIcon aria-hidden="true" />
              Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        {showMailbox ? (
          <DropdownMenuItem asChild>
            <Link to="/mailbox">
              <MailIcon aria-hidden="true" />
              Mailbox
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={signOut}>
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const themeChoices: { value: ThemePreference; label: string; Icon: typeof SunIcon }[] = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
];

function isThemePreference(value: string): value is ThemePreference {
  return themeChoices.some((choice) => choice.value === value);
}

export function ThemeMenu({ openAtOnce }: LazyMenuProps) {
  const { preference } = useTheme();
  return (
    <DropdownMenu defaultOpen={openAtOnce}>
      <DropdownMenuTrigger asChild>
        <ThemeButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-36">
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => {
            if (isThemePreference(value)) setThemePreference(value);
          }}
        >
          {themeChoices.map(({ value, label, Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The navigation in a sheet, for screens narrower than 768 px; closes once a link is followed. */
export function NavSheet({
  openAtOnce,
  signedOut,
  items,
}: LazyMenuProps & { signedOut: boolean; items: readonly NavItem[] }) {
  const pathname = usePathname();
  // Open on the screen where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(openAtOnce ? pathname : null);
  return (
    <Sheet
      open={openOn === pathname}
      onOpenChange={(open) => {
        setOpenOn(open ? pathname : null);
      }}
    >
      <SheetTrigger asChild>
        <MenuButton />
      </SheetTrigger>
      <SheetContent
        side="left"
        className="w-72 gap-0 p-0"
        onCloseAutoFocus={(event) => {
          // Closed by following a link (openOn is still the old path): the new screen's
          // <main> has the focus (app-shell.tsx), so it does not go back to Menu.
          if (openOn !== null) event.preventDefault();
        }}
      >
        <SheetHeader className="border-b px-4 py-3">
          <SheetTitle className="text-base">{product.name}</SheetTitle>
          <SheetDescription className="sr-only">Where to go in {product.name}</SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="p-2">
          <NavLinks items={items} orientation="vertical" />
        </nav>
        {signedOut ? (
          <div className="mt-auto flex flex-col gap-2 border-t p-4">
            <Link to="/sign-up" className={buttonVariants()}>
              Sign up
            </Link>
            <Link to="/sign-in" className={buttonVariants({ variant: 'outline', className: 'text-foreground' })}>
              Sign in
            </Link>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
