import { z } from 'zod';
import { createAdminInputSchema, setupTokenInputSchema } from '../../../shared/schemas/setup.schema.ts';
import { publicProcedure, router } from '../../trpc/init.ts';
import * as service from './setup.service.ts';

/**
 * The first run: anyone may call these, and only the holder of the link the server
 * printed at start gets past them, only while no administrator exists. Both are
 * strictly rate limited (rate-limit/strict-limits.ts).
 */
export const setupRouter = router({
  /** Whether a setup link works: SETUP_NOT_AVAILABLE, SETUP_TOKEN_INVALID, or ready. */
  status: publicProcedure
    .input(setupTokenInputSchema)
    .output(z.object({ ready: z.literal(true) }))
    .query(({ ctx, input }) => service.checkSetupLink(ctx, input.token)),
  /** Creates the first administrator, confirmed, and signs them in. */
  createAdmin: publicProcedure
    .input(createAdminInputSchema)
    .mutation(({ ctx, input }) => service.createFirstAdmin(ctx, input)),
});
