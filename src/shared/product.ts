/**
 * [1] What the product is and for whom.
 *
 * The specification has not said yet. Everything that names the product (the page
 * title, the application shell, `system.info`) reads it from here, so writing the
 * answer down in this one place renames the whole application.
 */
export const product = {
  name: 'Untitled product',
  description: 'The purpose of this product is not specified yet.',
  audience: 'Not specified yet.',
} as const;
