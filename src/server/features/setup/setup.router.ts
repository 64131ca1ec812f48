import { z } from 'zod';
import {
  createAdminInputSchema,
  setupStatusSchema,
  setupTokenInputSchema,
} from '../../../shared/schemas/setup.schema.ts';
import { defineMutation, defineQuery, router } from '../../trpc/procedure.ts';
import * as service from './setup.service.ts';

/**
 * The first run: anyone may call these, and only the holder of the link the server
 * printed at start gets past them, only while no administrator exists. Both are
 * strictly rate limited (rate-limit/strict-limits.ts).
 */
export const setupRouter = router({
  status: defineQuery({
    summary: 'Whether a setup link works: ready, or why not.',
    access: 'public',
    input: setupTokenInputSchema,
    output: setupStatusSchema,
    errors: ['SETUP_NOT_AVAILABLE', 'SETUP_TOKEN_INVALID'],
    handler: ({ ctx, input }) => service.checkSetupLink(ctx, input.token),
  }),
  createAdmin: defineMutation({
    summary: 'Creates the first administrator, confirmed, and signs them in.',
    access: 'public',
    input: createAdminInputSchema,
    output: z.void(),
    errors: ['SETUP_NOT_AVAILABLE', 'SETUP_TOKEN_INVALID'],
    handler: ({ ctx, input }) => service.createFirstAdmin(ctx, input),
    audit: { redact: ['email', 'name'] },
  }),
});
