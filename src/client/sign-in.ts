/**
 * Where "Sign in" leads. There is no sign-in screen yet: identity arrives with a
 * later part of the specification, and until then this is the home page (the
 * signed-out banner says so). Point it at the sign-in screen when one exists; it
 * is a plain link, so following it reloads the app and drops data cached for the
 * old session.
 */
export const signInHref = '/';
