import { z } from 'zod';
import { limits } from '../../../shared/constants.ts';
import {
  adminSessionSchema,
  adminUserPageSchema,
  adminUserSchema,
  apiKeyIdInputSchema,
  apiKeySummarySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  listUsersInputSchema,
  setDisabledInputSchema,
  setRoleInputSchema,
} from '../../../shared/schemas/admin.schema.ts';
import { sessionIdInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { permittedProcedure, router } from '../../trpc/init.ts';
import * as service from './admin.service.ts';

const personOnly = { via: 'session' } as const;

/** Administration: users, everyone's sessions, API keys. Each call names its permission. */
export const adminRouter = router({
  users: router({
    list: permittedProcedure('read:users:any')
      .input(listUsersInputSchema)
      .output(adminUserPageSchema)
      .query(({ ctx, input }) => service.listUsers(ctx, input)),
    setRole: permittedProcedure('update:users:any')
      .input(setRoleInputSchema)
      .output(adminUserSchema)
      .mutation(({ ctx, input }) => service.setRole(ctx, ctx.viewer, input.userId, input.role)),
    setDisabled: permittedProcedure('update:users:any')
      .input(setDisabledInputSchema)
      .output(adminUserSchema)
      .mutation(({ ctx, input }) => service.setDisabled(ctx, ctx.viewer, input.userId, input.disabled)),
  }),
  sessions: router({
    list: permittedProcedure('read:sessions:any')
      .output(z.array(adminSessionSchema).max(limits.page.maxSize))
      .query(({ ctx }) => service.listSessions(ctx, ctx.viewer)),
    revoke: permittedProcedure('revoke:sessions:any')
      .input(sessionIdInputSchema)
      .mutation(({ ctx, input }) => service.revokeSession(ctx, input.id)),
  }),
  // Only a signed-in person manages keys: a key that could make keys could make one
  // wider than itself (issue 16). Scripts need no such power.
  apiKeys: router({
    list: permittedProcedure('manage:api-keys:any', personOnly)
      .output(z.array(apiKeySummarySchema).max(limits.page.maxSize))
      .query(({ ctx }) => service.listApiKeys(ctx)),
    create: permittedProcedure('manage:api-keys:any', personOnly)
      .input(createApiKeyInputSchema)
      .output(createdApiKeySchema)
      .mutation(({ ctx, input }) => service.createApiKey(ctx, ctx.viewer, input)),
    revoke: permittedProcedure('manage:api-keys:any', personOnly)
      .input(apiKeyIdInputSchema)
      .mutation(({ ctx, input }) => service.revokeApiKey(ctx, input.id)),
  }),
});
