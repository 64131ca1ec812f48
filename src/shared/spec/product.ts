import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint } from './points.ts';

/** [1] What the product is and for whom. */
export interface ProductSpec {
  /** Shown in the page title, the application shell and system.info. */
  readonly name: string;
  /** One or two sentences: what it does. */
  readonly description: string;
  /** Who uses it. */
  readonly audience: string;
}

/**
 * [1] Declares what the product is and for whom (spec/product.ts).
 * @example export default defineProduct({ name: 'Workshop', description: '…', audience: '…' });
 */
export function defineProduct(value: ProductSpec | NotSpecified): SpecPoint<'product', ProductSpec> {
  return { point: 'product', value };
}
