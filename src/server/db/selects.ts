import type { Prisma } from './generated/sqlite/client.ts';

/**
 * [3] One explicit `select` per entity: queries name the columns a client may see,
 * so a column added later (a password hash, a token) never leaks by default. Each
 * mirrors a zod schema in src/shared/schemas/, and a test keeps them equal.
 */
export const publicUserSelect = {
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;
