import { z } from 'zod';
import { limits } from '../constants.ts';
// zod's messages in the product's words, for every schema built from these blocks.
import './messages.ts';

/**
 * Building blocks for every feature's schemas. Each string and array is bounded
 * by a number from constants.ts; a test walks every exported schema and fails on
 * an unbounded one.
 */

/** The message a person reads beside a field that is too long. */
const atMost = (count: number) => `At most ${count} characters`;

/** An identifier the server made. */
export const idSchema = z.string().trim().min(1, 'Required').max(limits.idLength, atMost(limits.idLength));

/** A required one-line text: trimmed, non-empty, bounded. */
export const shortTextSchema = z.string().trim().min(1, 'Required').max(limits.text.short, atMost(limits.text.short));

/** Free text: trimmed, bounded, may be empty. */
export const longTextSchema = z.string().trim().max(limits.text.long, atMost(limits.text.long));

export const emailSchema = z.email('Enter a valid e-mail address').max(limits.emailLength, atMost(limits.emailLength));

/** Input of any list operation: an opaque cursor and a bounded page size. */
export const pageInputSchema = z.object({
  cursor: z.string().max(limits.cursorLength).nullish(),
  limit: z.number().int().min(1).max(limits.page.maxSize).default(limits.page.defaultSize),
});

/** Output of any list operation: one page of items and the cursor of the next, if any. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item).max(limits.page.maxSize),
    nextCursor: z.string().max(limits.cursorLength).nullable(),
  });
}
