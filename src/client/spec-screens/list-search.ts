/**
 * [2] A list screen's search, filters and sort as they stand in the address
 * (`/work-orders?q=brake&state=scheduled&scheduledAtFrom=2026-11-01&sort=scheduledAt&dir=asc`),
 * so a list can be linked to, reloaded and returned to. The route table ships in the
 * first chunk, within a tight budget (docs/performance.md): its reader, `listSearchValues`,
 * keeps any short word-named text; the list screen (its own chunk) then keeps what its
 * entity's filters and sorts accept (`listSearch(shape)`, the shape from
 * list-search-shape.ts). A value the list would not accept is dropped, never an error;
 * list-input-of.ts turns what is left into the `list` input.
 */

/** A list screen's search values: every one a string, as the address has them. */
export interface ListSearch {
  [key: string]: string | undefined;
  /** The search box. */
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  /** 'yes': archived records instead of live ones. */
  archived?: 'yes';
}

/** The longest search text the list accepts (list-input.ts's searchMaxLength). */
export const searchTextMax = 100;

/**
 * `validateSearch` for every list screen's route: the address's short values under
 * word-like names, as text. What they mean is `listSearch`'s to judge, in the screen.
 */
export function listSearchValues(raw: Record<string, unknown>): ListSearch {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw))
    if (typeof value === 'string' && /^\w{1,40}$/.test(key) && value.length <= searchTextMax) search[key] = value;
  return search;
}
