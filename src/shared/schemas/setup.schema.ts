import { z } from 'zod';
import { passwordSchema, tokenSchema } from './auth.schema.ts';
import { emailSchema, shortTextSchema } from './common.schema.ts';

/** [5] The first run: the link's token, and the administrator the setup screen creates. */

export const setupTokenInputSchema = z.object({ token: tokenSchema });

export const createAdminFieldsSchema = z.object({
  name: shortTextSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const createAdminInputSchema = createAdminFieldsSchema.extend({ token: tokenSchema });
