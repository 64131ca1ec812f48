import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../ui/cn.ts';

/**
 * The browser's own <select>, dressed as the kit's Input (the same classes as
 * ui/input.tsx, kept in step by hand): a phone opens its native picker, a screen
 * reader knows it without ARIA, and react-hook-form registers it like any input.
 * The Radix Select of ui/select.tsx is for menus that need more than text.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        data-slot="native-select"
        className={cn(
          'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40',
          // The open list is drawn by the system; give it the theme's colours in dark mode.
          '[&>option]:bg-background [&>option]:text-foreground',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
