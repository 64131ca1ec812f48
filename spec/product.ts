// [1] What the product is and for whom: name, description, audience.
// Not specified yet; examples/workshop/spec/product.ts shows a filled-in one (docs/spec.md).
import { defineProduct } from '#spec/product.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineProduct(notSpecified);
