import { can, isPermission, type Permission } from '../../shared/permissions.ts';
import { trpc, type RouterOutputs } from '../trpc.ts';

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
  return trpc.auth.viewer.useQuery(undefined, { staleTime: viewerStaleTime });
}

/**
 * The shared `can()` with the viewer's role, narrowed to the permissions the server
 * listed: both must agree, so a client older or newer than the server never shows
 * more than the server allows. The server checks every call again; this only hides.
 */
export function viewerCan(viewer: Viewer | null | undefined, permission: Permission): boolean {
  return !!viewer && can({ role: viewer.role, scope: viewer.permissions.filter(isPermission) }, permission);
}

/** Whether the signed-in person holds a permission; false while unknown or signed out. */
export function useCan(permission: Permission): boolean {
  return viewerCan(useViewer().data, permission);
}
