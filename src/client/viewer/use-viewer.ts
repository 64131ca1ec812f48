import { useContext } from 'react';
import type { Permission } from '../../shared/permissions.ts';
import { trpc, type RouterOutputs } from '../trpc.ts';
import { KnownViewer } from './known-viewer.ts';

/** The signed-in person as `auth.viewer` describes them. */
export type Viewer = NonNullable<RouterOutputs['auth']['viewer']>;

/**
 * A minute: the shell asks on every screen, and a role changed by an admin shows
 * within that time (or at once after a reload). Sign-in and sign-out update the
 * cache themselves (use-session-change.ts), so they never wait for it.
 */
const viewerStaleTime = 60_000;

/** The signed-in person, `null` when no one is signed in, `undefined` while asking. */
export function useViewer() {
  // Known signed out (known-viewer.ts): the answer is in the cache from the start, fresh for viewerStaleTime.
  const known = useContext(KnownViewer);
  return trpc.auth.viewer.useQuery(undefined, {
    staleTime: viewerStaleTime,
    ...(known === null ? { initialData: null } : {}),
  });
}

/**
 * Whether the server listed the permission for the viewer: `auth.viewer` answers every
 * permission `can()` grants them (`:own` implied by `:any` included), so the browser
 * needs neither the role table nor `can()` itself, and its first chunk carries neither
 * (the specification's roles grow that table). A client older or newer than the server
 * never shows more than the server allows; the server checks every call again.
 */
export function viewerCan(viewer: Viewer | null | undefined, permission: Permission): boolean {
  return !!viewer && (viewer.permissions as readonly string[]).includes(permission);
}

/** Whether the signed-in person holds a permission; false while unknown or signed out. */
export function useCan(permission: Permission): boolean {
  return viewerCan(useViewer().data, permission);
}
