/**
 * [1] What the product is and for whom.
 *
 * Written in spec/product.ts and compiled by `npm run spec` into generated/product.ts.
 * Until the specification says, the defaults below stand. Everything that names the
 * product (the page title, the application shell, `system.info`) reads it from here,
 * so writing the answer down in that one place renames the whole application.
 */
import { specProduct } from './generated/product.ts';

export const product: { readonly name: string; readonly description: string; readonly audience: string } =
  specProduct ?? {
    name: 'Untitled product',
    description: 'The purpose of this product is not specified yet.',
    audience: 'Not specified yet.',
  };
