/**
 * The route table writes a path's variable segments as `:name` (`/mailbox/:id`), as
 * the screens and links have always named them; TanStack Router writes `$name`.
 */

/** The `:name` segments of a path, as a union of names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `/mailbox/:id` → `/mailbox/$id`. */
export function toRouterPath(path: string): string {
  return path.replace(/\/:(\w+)/g, '/$$$1');
}
