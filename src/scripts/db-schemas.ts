/**
 * `npm run db:schemas`: writes prisma/<engine>/schema.prisma from prisma/models.prisma.
 * `npm run db:migration` runs it first; run it alone to regenerate the clients
 * (`npm run db:generate`) after editing the models without a migration yet.
 */
import { relative } from 'node:path';
import { unportableLines, writeSchemas } from './db/derive-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from '../server/paths.ts';
import { prismaDir } from '../server/db/engines.ts';

const unportable = unportableLines(readFileSync(join(prismaDir, 'models.prisma'), 'utf8'));
if (unportable.length) {
  console.error(`prisma/models.prisma uses what not every engine supports:\n  ${unportable.join('\n  ')}`);
  process.exit(1);
}
for (const file of writeSchemas()) console.log(`Wrote ${relative(appRoot, file)}`);
