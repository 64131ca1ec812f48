import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../trpc.ts';

/**
 * Whether an e-mailed link still works (`auth.checkLink`), asked before its form shows,
 * so a used or expired link says so at once. Not retried and not refetched on focus:
 * the answer only changes when the link is used, and the form handles that.
 */
export function useLinkCheck(kind: 'reset' | 'verify', token: string | undefined) {
  return trpc.auth.checkLink.useQuery(token ? { kind, token } : skipToken, {
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
