import { MenuIcon, MoonIcon, SunIcon } from './icons/first-paint-icons.tsx';
import type { ComponentProps } from 'react';
import type { Viewer } from '../viewer/use-viewer.ts';
import { buttonClasses } from './first-paint-button.ts';

/**
 * The header's menu buttons, in the first chunk: they are drawn at full size on first
 * paint, before the menus they open (Radix, in header-menus.tsx) have loaded. The
 * lazy menus render these same buttons as their triggers, so nothing moves on load.
 * Plain <button>s with the kit's classes (first-paint-button.ts), not the kit's Button:
 * that one merges classes with tailwind-merge (about 9 KiB gzip), which first paint
 * does not need.
 */

type TriggerProps = Omit<ComponentProps<'button'>, 'className'>;

/** Initials for the avatar: "Ada Lovelace" → "AL". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return (
    letters
      .map((word) => word?.[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** The signed-in person's button: initials, and the name from 640 px up (screen readers always hear it). */
export function UserMenuButton({ viewer, ...props }: TriggerProps & { viewer: Viewer }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className={buttonClasses({ variant: 'ghost', size: 'custom' }, 'h-9 max-w-48 px-1 text-foreground sm:pr-3')}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
      >
        {initialsOf(viewer.name)}
      </span>
      <span className="sr-only truncate sm:not-sr-only">{viewer.name}</span>
    </button>
  );
}

/** Light, dark or system: the icon follows the theme in effect through CSS, so it is right before any script. */
export function ThemeButton(props: TriggerProps) {
  return (
    <button
      type="button"
      aria-label="Theme"
      aria-haspopup="menu"
      className={buttonClasses({ variant: 'ghost', size: 'icon' })}
      {...props}
    >
      <SunIcon className="dark:hidden" aria-hidden="true" />
      <MoonIcon className="hidden dark:block" aria-hidden="true" />
    </button>
  );
}

/** Below 768 px: opens the navigation in a sheet. */
export function MenuButton(props: TriggerProps) {
  return (
    <button
      type="button"
      aria-label="Menu"
      aria-haspopup="dialog"
      className={buttonClasses({ variant: 'ghost', size: 'icon' }, 'md:hidden')}
      {...props}
    >
      <MenuIcon aria-hidden="true" />
    </button>
  );
}
