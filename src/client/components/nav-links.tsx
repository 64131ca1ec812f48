import type { NavItem } from '../navigation.ts';
import { Link } from '../router/router.tsx';

// Plain strings, not `cn`: the shell is in the first chunk, tailwind-merge is not.
const linkClasses = [
  'flex items-center rounded-md font-medium text-muted-foreground transition-colors outline-none',
  'hover:bg-accent/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'aria-[current=page]:bg-accent aria-[current=page]:text-foreground',
].join(' ');

/**
 * The primary navigation's links. The current one reads as "you are here" (full
 * contrast, a subtle background), not as a button to press; the others are muted.
 */
export function NavLinks({
  items,
  orientation,
}: {
  items: readonly NavItem[];
  orientation: 'horizontal' | 'vertical';
}) {
  return (
    <ul className={orientation === 'horizontal' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {items.map((item) => (
        <li key={item.to}>
          <Link
            // Every item's path takes no `:name` values (navigation.ts).
            to={item.to as '/'}
            activeProps={{ 'aria-current': 'page' }}
            className={`${linkClasses} ${orientation === 'horizontal' ? 'h-8 px-3 text-sm' : 'h-10 px-3 text-base'}`}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
