// [1] What the product is and for whom.
import { defineProduct } from '#spec/product.ts';

export default defineProduct({
  name: 'Workshop',
  description: 'Books vehicles in for repair, plans the technicians, tracks each work order to its invoice.',
  audience: 'A car repair workshop: its dispatchers, its technicians, and its customers.',
});
