import { generatedHeader } from './emit-typescript.ts';
import { kebab } from './resolve-entities.ts';
import type { CustomMeta } from './resolve-custom.ts';

const literal = (value: unknown) => JSON.stringify(value, null, 2);

/** The owned handler of a custom operation, under src/server/features/custom/. */
export const customHandlerFile = (operation: CustomMeta) => `src/server/features/custom/${kebab(operation.name)}.ts`;

/** [7] The contracts of the custom operations: input and output schemas from their fields, shared with the client. */
export function emitCustomContracts(operations: readonly CustomMeta[]): string {
  const blocks = operations.map(
    (operation) => `/** ${operation.name}: ${operation.summary} */
export const ${operation.name}Input = ${literal(operation.input)} as const satisfies FieldsMeta;
export const ${operation.name}Output = ${literal(operation.output)} as const satisfies FieldsMeta;
export const ${operation.name}InputSchema = inputSchema(${operation.name}Input);
export const ${operation.name}OutputSchema = valuesSchema(${operation.name}Output);`,
  );
  return `${generatedHeader('calls')}
${
  operations.length
    ? `import type { FieldsMeta } from '../spec/entity-meta.ts';
import { inputSchema, valuesSchema } from '../spec/entity-schemas.ts';

${blocks.join('\n\n')}`
    : '// spec/calls.ts names no custom operation yet.\nexport {};'
}
`;
}

const accessLiteral = (access: CustomMeta['access']) =>
  typeof access === 'string' ? `'${access}'` : `{ permission: '${access.permission}' }`;

/** The procedure declarations of the custom operations, each with its owned handler (routers.ts). */
export function customProcedures(operations: readonly CustomMeta[]): { imports: string[]; entries: string[] } {
  return {
    imports: operations.flatMap((operation) => [
      `import { ${operation.name}InputSchema, ${operation.name}OutputSchema } from '../../shared/generated/custom.ts';`,
      `import { ${operation.name} } from '../features/custom/${kebab(operation.name)}.ts';`,
    ]),
    entries: operations.map(
      (operation) => `  ${operation.name}: ${operation.kind === 'query' ? 'defineQuery' : 'defineMutation'}({
    summary: ${JSON.stringify(operation.summary)},
    access: ${accessLiteral(operation.access)},
    input: ${operation.name}InputSchema,
    output: ${operation.name}OutputSchema,
    errors: ${literal(operation.errors)},
    // Until its owned file gives it a handler, it is a placeholder: it answers NOT_IMPLEMENTED.
    handler: ${operation.name},
  }),`,
    ),
  };
}

/** The owned handler file of a custom operation: written once, typed against the derived contract. */
export function emitCustomHandler(operation: CustomMeta): string {
  const access = accessLiteral(operation.access);
  const permissionImport =
    typeof operation.access === 'object' ? "import type { Permission } from '../../../shared/permissions.ts';\n" : '';
  const accessType = typeof operation.access === 'object' ? '{ permission: Permission }' : access;
  return `/**
 * ${operation.name} (spec/calls.ts): ${operation.summary}
 *
 * Written once by \`npm run spec\`, then yours: it is never overwritten. Replace
 * \`undefined\` with the handler; until then the operation is a placeholder that answers
 * NOT_IMPLEMENTED. Its input and output types are derived from the spec, so a change
 * there shows up here as a compile error.
 */
${permissionImport}import type { ${operation.name}InputSchema, ${operation.name}OutputSchema } from '../../../shared/generated/custom.ts';
import type { Handler } from '../../trpc/procedure.ts';

export const ${operation.name}: Handler<${accessType}, typeof ${operation.name}InputSchema, typeof ${operation.name}OutputSchema> | undefined =
  undefined;
`;
}
