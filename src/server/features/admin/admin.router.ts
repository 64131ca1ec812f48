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
import { auditPageSchema, listAuditInputSchema } from '../../../shared/schemas/audit.schema.ts';
import { sessionIdInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { defineMutation, defineQuery, router } from '../../trpc/procedure.ts';
import * as service from './admin.service.ts';
import { listAuditEvents } from './audit.service.ts';

/** What changing another user declares: the answer is the user; nobody changes themselves (CONFLICT). */
const changesAnotherUser = {
  access: { permission: 'update:users:any' },
  output: adminUserSchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
  audit: { target: { entity: 'user', id: ({ input }: { input: { userId: string } }) => input.userId } },
} as const;

/** Administration: users, everyone's sessions, API keys. Each call names its permission. */
export const adminRouter = router({
  users: router({
    list: defineQuery({
      summary: 'One page of users, newest first, optionally filtered by name or e-mail.',
      access: { permission: 'read:users:any' },
      input: listUsersInputSchema,
      output: adminUserPageSchema,
      errors: [],
      handler: ({ ctx, input }) => service.listUsers(ctx, input),
    }),
    setRole: defineMutation({
      ...changesAnotherUser,
      summary: 'Changes another person’s role.',
      input: setRoleInputSchema,
      handler: ({ ctx, input }) => service.setRole(ctx, ctx.viewer, input.userId, input.role),
    }),
    setDisabled: defineMutation({
      ...changesAnotherUser,
      summary: 'Disables another person (ending their sessions) or enables them again.',
      input: setDisabledInputSchema,
      handler: ({ ctx, input }) => service.setDisabled(ctx, ctx.viewer, input.userId, input.disabled),
    }),
  }),
  sessions: router({
    list: defineQuery({
      summary: 'Everyone’s live sessions, newest first.',
      access: { permission: 'read:sessions:any' },
      output: z.array(adminSessionSchema).max(limits.page.maxSize),
      errors: [],
      handler: ({ ctx }) => service.listSessions(ctx, ctx.viewer),
    }),
    revoke: defineMutation({
      summary: 'Ends anyone’s session.',
      access: { permission: 'revoke:sessions:any' },
      input: sessionIdInputSchema,
      output: z.void(),
      errors: ['NOT_FOUND'],
      handler: ({ ctx, input }) => service.revokeSession(ctx, input.id),
      audit: { target: { entity: 'session', id: ({ input }) => input.id } },
    }),
  }),
  // Only a signed-in person manages keys: a key that could make keys could make one
  // wider than itself. Scripts need no such power.
  apiKeys: router({
    list: defineQuery({
      summary: 'Every API key, newest first, without its secret.',
      access: { permission: 'manage:api-keys:any', via: 'session' },
      output: z.array(apiKeySummarySchema).max(limits.page.maxSize),
      errors: [],
      handler: ({ ctx }) => service.listApiKeys(ctx),
    }),
    create: defineMutation({
      summary: 'Makes an API key for the caller, scoped to permissions they hold; its secret is shown once.',
      access: { permission: 'manage:api-keys:any', via: 'session' },
      input: createApiKeyInputSchema,
      output: createdApiKeySchema,
      errors: [],
      handler: ({ ctx, input }) => service.createApiKey(ctx, ctx.viewer, input),
      audit: { target: { entity: 'api-key', id: ({ output }) => output?.id } },
    }),
    revoke: defineMutation({
      summary: 'Deletes an API key: the next request with it is refused.',
      access: { permission: 'manage:api-keys:any', via: 'session' },
      input: apiKeyIdInputSchema,
      output: z.void(),
      errors: ['NOT_FOUND'],
      handler: ({ ctx, input }) => service.revokeApiKey(ctx, input.id),
      audit: { target: { entity: 'api-key', id: ({ input }) => input.id } },
    }),
  }),
  audit: router({
    list: defineQuery({
      summary: 'One page of the audit trail, newest first, filtered by actor, procedure, target and time.',
      access: { permission: 'read:audit:any' },
      input: listAuditInputSchema,
      output: auditPageSchema,
      errors: [],
      handler: ({ ctx, input }) => listAuditEvents(ctx, input),
    }),
  }),
});
