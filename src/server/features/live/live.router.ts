import { AppError } from '../../../shared/errors.ts';
import { liveChangesInputSchema, liveEventSchema } from '../../../shared/schemas/live.schema.ts';
import { defineSubscription, router } from '../../trpc/procedure.ts';

/** Live updates over server-sent events (docs/decisions/0040-live-updates.md). */
export const liveRouter = router({
  changes: defineSubscription({
    summary:
      'A stream of what changed among the data the caller may see (entity and id), resumable from the last event id.',
    access: 'signed-in',
    input: liveChangesInputSchema,
    output: liveEventSchema,
    errors: ['TOO_MANY_STREAMS'],
    handler: ({ ctx, input, signal }) => {
      // Without HTTP (createCaller) there are no streams to hold.
      if (!ctx.live) throw new AppError('UNAVAILABLE', { message: 'Live updates are not served here.' });
      return ctx.live.open(
        { viewer: ctx.viewer, sources: ctx, authHeaders: ctx.authHeaders },
        input?.lastEventId,
        signal,
      );
    },
  }),
});
