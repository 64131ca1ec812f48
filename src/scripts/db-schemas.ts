/**
 * `npm run db:schemas`: writes prisma/<engine>/schema.prisma from prisma/models.prisma.
 * `npm run db:migration` runs it first; run it alone to regenerate the clients
 * (`npm run db:generate`) after editing the models without a migration yet.
 */
import { relative } from 'node:path';
import { appRoot } from '../server/paths.ts';
import { writeSchemas } from './db/derive-schemas.ts';

try {
  for (const file of writeSchemas()) console.log(`Wrote ${relative(appRoot, file)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
