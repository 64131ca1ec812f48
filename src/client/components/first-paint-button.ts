/**
 * The kit's button looks (ui/button.tsx `buttonVariants`) as plain class strings, for
 * what first paint draws: the shell, Home, the error screens. Importing ui/button.tsx
 * would put the whole module in the first chunk (its other users are lazy chunks),
 * and with it tailwind-merge and Radix's Slot, about 11 KiB gzip. A test
 * (first-paint-button.test.ts) checks each string equals what `buttonVariants` gives.
 */
const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  outline:
    'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
  ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
} as const;

const sizes = {
  default: 'h-9 px-4 py-2 has-[>svg]:px-3',
  sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
  icon: 'size-9',
  /** No size classes: the caller gives its own height and padding (classes are not merged). */
  custom: '',
} as const;

export type FirstPaintVariant = keyof typeof variants;
export type FirstPaintSize = keyof typeof sizes;

/** The classes of the kit's Button; `extra` is appended (no merging: do not pass a class that conflicts). */
export function buttonClasses(
  { variant = 'default', size = 'default' }: { variant?: FirstPaintVariant; size?: FirstPaintSize } = {},
  extra = '',
): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}
