import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES, type Engine, migrationPathsFor, prismaDir } from '../../server/db/engines.ts';

/**
 * Derives each engine's schema file from prisma/models.prisma: the models are written
 * once, and only the generator and datasource differ (`provider` cannot come from
 * `env()`, and each generated client is tied to its provider).
 */
export function deriveSchema(engine: Engine, models: string): string {
  return `// Derived from prisma/models.prisma by \`npm run db:schemas\`: edit the models there, not here.

generator client {
  provider               = "prisma-client"
  output                 = "../../src/server/db/generated/${engine}"
  moduleFormat           = "esm"
  generatedFileExtension = "ts"
  importFileExtension    = "ts"
}

datasource db {
  provider = "${engine}"
}

${modelsWithoutHeader(models)}`;
}

/** The models source without its leading comment lines, which describe that file itself. */
function modelsWithoutHeader(models: string): string {
  const lines = models.split('\n');
  const isHeader = (line: string) => (line.startsWith('//') && !line.startsWith('///')) || line.trim() === '';
  const start = lines.findIndex((line) => !isHeader(line));
  return lines.slice(Math.max(start, 0)).join('\n');
}

/**
 * Constructs that one of the engines cannot hold: the models must stay in what both
 * support, or a model would work on one engine and fail to migrate on the other.
 */
export function unportableLines(models: string): string[] {
  const scalarList = /^\s*\w+\s+(?:String|Int|BigInt|Float|Decimal|Boolean|DateTime|Json|Bytes)\[\]/;
  return models
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .filter((line) => scalarList.test(line) || line.includes('@db.'))
    .map((line) => line.trim());
}

/** The models file in `dir`, a copy of prisma/ (default: the project's). */
export function readModels(dir: string = prismaDir): string {
  return readFileSync(join(dir, 'models.prisma'), 'utf8');
}

/**
 * Writes prisma/<engine>/schema.prisma for every engine from the models in `dir`;
 * refuses, writing nothing, models that one of the engines cannot hold.
 */
export function writeSchemas(dir: string = prismaDir): string[] {
  const models = readModels(dir);
  const unportable = unportableLines(models);
  if (unportable.length) {
    throw new Error(`prisma/models.prisma uses what not every engine supports:\n  ${unportable.join('\n  ')}`);
  }
  return ENGINES.map((engine) => {
    const { schemaFile } = migrationPathsFor(engine, dir);
    writeFileSync(schemaFile, deriveSchema(engine, models));
    return schemaFile;
  });
}
