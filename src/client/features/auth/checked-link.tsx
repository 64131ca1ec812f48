import { LinkCheckSkeleton } from '../../components/form/link-check-skeleton.tsx';
import { useCallback, useState, type ReactNode } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { DeadLink } from './dead-link.tsx';
import { useLinkCheck } from './use-link-check.ts';

type LinkKind = 'reset' | 'verify';

/**
 * An e-mailed link's state for its screen: checked first (`auth.checkLink`), and dead
 * once its form is refused with INVALID_TOKEN (`onLinkDead`). `usable` is true only
 * while the form may show.
 */
export function useCheckedLink(kind: LinkKind, token: string | undefined) {
  const check = useLinkCheck(kind, token);
  const [dead, setDead] = useState(false);
  const onLinkDead = useCallback(() => {
    setDead(true);
  }, []);
  return { kind, token, check, usable: Boolean(token) && check.data?.usable === true && !dead, onLinkDead };
}

/**
 * What a link's screen shows while its form may not: the link is incomplete, its
 * check failed, it is being checked, or it is dead (with the way to a new one).
 */
export function LinkNotUsable({
  link,
  incomplete,
}: {
  link: ReturnType<typeof useCheckedLink>;
  /** Shown for a link without its token. */
  incomplete: ReactNode;
}) {
  const { check } = link;
  if (!link.token) return incomplete;
  if (check.error)
    return (
      <QueryError title="The link could not be checked" error={check.error} onRetry={() => void check.refetch()} />
    );
  if (check.isPending) return <LinkCheckSkeleton />;
  return <DeadLink kind={link.kind} />;
}
