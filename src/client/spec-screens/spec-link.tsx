import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';
import { Link, useNavigate, type RoutePath } from '../router/router.tsx';
import type { ListSearch } from './list-search.ts';

/**
 * Links between the specification's screens, whose paths come from the derived table
 * (src/client/generated/screens.ts) at run time: the route table types every path it
 * holds, and these are among them, so the check is the generated table's, not tsc's here.
 */
interface SpecTarget {
  to: string;
  params?: { id: string };
  search?: ListSearch;
}

const AnyLink = Link as unknown as ComponentType<
  SpecTarget & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { children: ReactNode }
>;

/** A link to a specification screen: `/work-orders/:id` with its `id`. */
export function SpecLink(
  props: SpecTarget & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { children: ReactNode },
) {
  return <AnyLink {...props} />;
}

/** Goes to a specification screen. */
export function useSpecNavigate() {
  const navigate = useNavigate();
  return (target: SpecTarget & { replace?: boolean }) => {
    navigate({ ...target, to: target.to as RoutePath } as Parameters<typeof navigate>[0]);
  };
}
