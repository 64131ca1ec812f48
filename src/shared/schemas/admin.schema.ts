import { z } from 'zod';
import { limits } from '../constants.ts';
import { isApiKeyPermission, permissions, roleNames } from '../permissions.ts';
import { sessionSummarySchema } from './auth.schema.ts';
import { emailSchema, idSchema, pageInputSchema, pageOf, shortTextSchema } from './common.schema.ts';

/** [5] The admin screens' rules: user management, sessions and API keys. */

export const roleSchema = z.enum(roleNames as [string, ...string[]]);
export const permissionSchema = z.enum(permissions);

export const listUsersInputSchema = pageInputSchema.extend({
  search: z.string().trim().max(limits.text.short).optional(),
});

export const adminUserSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  email: emailSchema,
  emailVerified: z.boolean(),
  role: z.string().max(limits.idLength),
  disabled: z.boolean(),
  createdAt: z.date(),
});
export const adminUserPageSchema = pageOf(adminUserSchema);

export const setRoleInputSchema = z.object({ userId: idSchema, role: roleSchema });
export const setDisabledInputSchema = z.object({ userId: idSchema, disabled: z.boolean() });
export const userIdInputSchema = z.object({ userId: idSchema });

export const adminSessionSchema = sessionSummarySchema.extend({ userId: idSchema, userEmail: emailSchema });

export const createApiKeyInputSchema = z.object({
  name: shortTextSchema,
  permissions: z
    .array(permissionSchema)
    .min(1, 'Choose at least one permission')
    .max(permissions.length)
    .refine(
      (chosen) => chosen.every(isApiKeyPermission),
      'An API key cannot manage API keys; only a signed-in person can.',
    ),
  expiresInDays: z.number().int().min(1).max(365).nullable(),
});

export const apiKeySummarySchema = z.object({
  id: idSchema,
  name: z.string().max(limits.text.short).nullable(),
  start: z.string().max(limits.idLength).nullable(),
  permissions: z.array(z.string().max(limits.idLength)).max(permissions.length),
  ownerId: idSchema,
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
});

/** The one time a key is shown: right after it is made. */
export const createdApiKeySchema = apiKeySummarySchema.extend({ key: z.string().max(limits.tokenLength) });
export const apiKeyIdInputSchema = z.object({ id: idSchema });
