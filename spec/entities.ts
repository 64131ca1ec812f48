// [3] Entities and fields: what the product stores (compiled into prisma/models.prisma, zod schemas, selects).
// Not specified yet; examples/workshop/spec/entities.ts shows a filled-in one (docs/spec.md).
import { defineEntities } from '#spec/entities.ts';
import { notSpecified } from '#spec/not-specified.ts';

export default defineEntities(notSpecified);
