import { z } from 'zod';
import { passwordSchema, tokenSchema } from './auth.schema.ts';
import { emailSchema, shortTextSchema } from './common.schema.ts';

/** [5] The first run: the link's token, and the administrator the setup screen creates. */

export const setupTokenInputSchema = z.object({ token: tokenSchema });
/** The link works; a link that does not is an error (SETUP_NOT_AVAILABLE, SETUP_TOKEN_INVALID). */
export const setupStatusSchema = z.object({ ready: z.literal(true) });

export const createAdminFieldsSchema = z.object({
  name: shortTextSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const createAdminInputSchema = createAdminFieldsSchema.extend({ token: tokenSchema });
