import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, migrationPathsFor, prismaDir } from '../../server/db/engines.ts';
import { scratchDir } from '../../server/test/test-app.ts';
import { deriveSchema, readModels, unportableLines, writeSchemas } from './derive-schemas.ts';

const models = readModels();

describe('one source of models for every engine', () => {
  it.each(ENGINES)(
    'prisma/%s/schema.prisma is derived from prisma/models.prisma (run npm run db:schemas)',
    (engine) => {
      expect(readFileSync(migrationPathsFor(engine).schemaFile, 'utf8')).toBe(deriveSchema(engine, models));
    },
  );

  it('keeps the models in what both engines support', () => {
    expect(unportableLines(models)).toEqual([]);
  });

  it('finds scalar lists and native types, but not relation lists', () => {
    const sample = 'model A {\n  tags String[]\n  price Decimal @db.Decimal(10, 2)\n  posts Post[]\n}\n';
    expect(unportableLines(sample)).toEqual(['tags String[]', 'price Decimal @db.Decimal(10, 2)']);
  });

  it('refuses to derive schemas from models one engine cannot hold, and writes neither', () => {
    const dir = scratchDir();
    cpSync(prismaDir, dir, { recursive: true });
    appendFileSync(join(dir, 'models.prisma'), '\nmodel Tagged {\n  id String @id\n  tags String[]\n}\n');
    const schemas = ENGINES.map((engine) => readFileSync(migrationPathsFor(engine, dir).schemaFile, 'utf8'));
    expect(() => writeSchemas(dir)).toThrow('tags String[]');
    expect(ENGINES.map((engine) => readFileSync(migrationPathsFor(engine, dir).schemaFile, 'utf8'))).toEqual(schemas);
  });

  it('gives each engine its own provider and generated client', () => {
    const schema = deriveSchema('postgresql', models);
    expect(schema).toContain('provider = "postgresql"');
    expect(schema).toContain('output                 = "../../src/server/db/generated/postgresql"');
    expect(schema).toContain('/// A person who can sign in.');
  });
});
