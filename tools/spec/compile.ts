import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { EntityMeta } from '../../src/shared/spec/entity-meta.ts';
import { appRoot } from '../../src/server/paths.ts';
import { docsMarkers, emitSpecDocs } from './emit-docs.ts';
import {
  derivePermissions,
  emitPermissionDescriptions,
  emitPermissions,
  type DerivedPermissions,
} from './emit-permissions.ts';
import { emitPrisma, prismaMarkers } from './emit-prisma.ts';
import { customScreenFile, emitCustomScreen, emitScreenRoutes, emitScreens } from './emit-screens.ts';
import {
  emitConstants,
  emitEntity,
  emitEntityIndex,
  emitErrors,
  emitOperations,
  emitProduct,
  emitRouters,
  emitRules,
  emitSelects,
  entityFile,
} from './emit-typescript.ts';
import { SpecError } from './load.ts';
import { writeOutputs, type Output, type WriteReport } from './outputs.ts';
import { resolveEntities } from './resolve-entities.ts';
import { resolveRules } from './resolve-rules.ts';
import { resolveEmails } from './resolve-emails.ts';
import { resolveCustom } from './resolve-custom.ts';
import { customHandlerFile, emitCustomContracts, emitCustomHandler } from './emit-custom.ts';
import { emailBodyFile, emitEmailBody, emitEmails } from './emit-emails.ts';
import { specified, type Spec } from './spec-model.ts';
import { validateSpec } from './validate.ts';

export interface Compiled {
  outputs: Output[];
  /** The resolved entities, for tests and the runtime's later steps. */
  entities: EntityMeta[];
  /** [6] The permissions and what each role holds, as src/shared/generated/permissions.ts spells them. */
  permissions: DerivedPermissions;
}

/** Derived text goes through Prettier with the project's settings, so `format:check` and the drift check agree. */
async function pretty(text: string, path: string): Promise<string> {
  const options = await resolveConfig(join(appRoot, path));
  return format(text, { ...options, filepath: path });
}

/**
 * Compiles a specification fully in memory: validates it (a SpecError lists every
 * problem), then returns every output. Nothing touches the disk here, so a refused spec
 * writes nothing and a test can compile any spec without writing into the repository.
 * Compiled so far: [1] product, [2] screens, [3] entities, [4] states and [5] rules (as metadata the runtime
 * reads), [6] roles (their permissions), [7] standard operations, [8] errors and [9] constants;
 * the other points are validated and rendered into docs/spec.md.
 */
export async function compileSpec(spec: Spec): Promise<Compiled> {
  const problems = validateSpec(spec);
  if (problems.length) throw new SpecError(problems);

  const entities = resolveEntities(spec);
  const emails = resolveEmails(spec, entities);
  const custom = resolveCustom(spec);
  const errors = emitErrors(specified(spec.errors));
  const permissions = derivePermissions(spec, entities);
  const prisma = emitPrisma(entities);
  const screens = specified(spec.screens);
  const typescript: [string, string][] = [
    ['src/shared/generated/product.ts', emitProduct(spec.product)],
    ['src/shared/generated/constants.ts', emitConstants(specified(spec.constants))],
    ['src/shared/generated/error-codes.ts', errors.codes],
    ['src/shared/generated/error-descriptions.ts', errors.descriptions],
    ['src/shared/generated/permissions.ts', emitPermissions(permissions)],
    ['src/shared/generated/permission-descriptions.ts', emitPermissionDescriptions(permissions)],
    ['src/shared/generated/entities.ts', emitEntityIndex(entities)],
    ...entities.map((meta): [string, string] => [entityFile(meta), emitEntity(meta)]),
    ['src/server/generated/selects.ts', emitSelects(entities)],
    ['src/shared/generated/operations.ts', emitOperations(specified(spec.calls))],
    ['src/shared/generated/rules.ts', emitRules(resolveRules(spec, entities))],
    ['src/server/generated/emails.ts', emitEmails(emails)],
    ['src/server/generated/routers.ts', emitRouters(entities, specified(spec.calls), custom)],
    ['src/shared/generated/custom.ts', emitCustomContracts(custom)],
    ['src/client/generated/screens.ts', emitScreens(screens)],
    ['src/client/generated/routes.ts', emitScreenRoutes(screens)],
  ];
  const outputs: Output[] = [];
  for (const [path, text] of typescript) outputs.push({ kind: 'file', path, content: await pretty(text, path) });

  outputs.push(
    {
      kind: 'section',
      path: 'prisma/models.prisma',
      ...prismaMarkers.models,
      content: prisma.models ? `\n\n${prisma.models}\n\n` : '\n',
    },
    {
      kind: 'section',
      path: 'prisma/models.prisma',
      ...prismaMarkers.userRelations,
      content: prisma.userRelations ? `\n${prisma.userRelations}\n` : '\n',
    },
  );
  for (const operation of custom)
    outputs.push({
      kind: 'owned',
      path: customHandlerFile(operation),
      content: await pretty(emitCustomHandler(operation), customHandlerFile(operation)),
    });
  for (const email of emails)
    outputs.push({
      kind: 'owned',
      path: emailBodyFile(email),
      content: await pretty(emitEmailBody(email), emailBodyFile(email)),
    });
  for (const [name, screen] of Object.entries(screens)) {
    if (screen.kind !== 'custom') continue;
    const { path } = customScreenFile(name);
    outputs.push({ kind: 'owned', path, content: await pretty(emitCustomScreen(name, screen.title), path) });
  }
  const docs = await pretty(emitSpecDocs(spec, entities), 'docs/spec.md');
  outputs.push({ kind: 'section', path: 'docs/spec.md', ...docsMarkers, content: `\n\n${docs.trimEnd()}\n\n` });
  return { outputs, entities, permissions };
}

/** Compiles `spec` and writes the result under `root`; a refused spec rejects before anything is written. */
export async function compileInto(root: string, spec: Spec): Promise<WriteReport> {
  const { outputs } = await compileSpec(spec);
  return writeOutputs(root, outputs);
}
