import { z } from 'zod';
import { emailSchema, idSchema, shortTextSchema } from './common.schema.ts';

/**
 * [3] The zod mirror of the `User` model (prisma/models.prisma): the fields
 * a client may see. The server selects exactly these (src/server/db/selects.ts), and
 * a test keeps the two lists equal.
 */
export const publicUserSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  email: emailSchema,
  emailVerified: z.boolean(),
  createdAt: z.date(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
