/**
 * Whether a request's Cookie header could carry a session: the library names its session
 * cookie `<prefix>.session_token` (`__Host-` first over HTTPS). Without one, the caller is
 * certainly signed out, and nothing needs reading; with one, it is checked in full
 * (viewer.ts).
 */
export function mightHaveSession(cookieHeader: string | null | undefined): cookieHeader is string {
  return !!cookieHeader?.includes('session_token');
}
