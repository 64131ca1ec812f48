/**
 * Where the signed-out banner's "Sign in" leads. It is a plain link, so following
 * it reloads the app and drops every answer cached for the session that ended.
 */
export const signInHref = '/sign-in';
