import { router } from '../../trpc/init.ts';
import { placeholderMutation, placeholderQuery } from '../../trpc/operation.ts';
import { createRecord, getRecord, listRecords } from './records.contracts.ts';

/**
 * The domain router: placeholders only, until the specification supplies the
 * operations. To fill one in, swap its line, e.g.
 *   create: implementMutation(createRecord, ({ ctx, input }) => createRecordInDb(ctx.db, input)),
 * with the rules in records.service.ts (docs/spec.md, "Add an operation").
 */
export const recordsRouter = router({
  list: placeholderQuery(listRecords),
  get: placeholderQuery(getRecord),
  create: placeholderMutation(createRecord),
});
