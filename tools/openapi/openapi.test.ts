import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { appRouter } from '../../src/server/router.ts';
import { specRouters } from '../../src/server/generated/routers.ts';
import { apiKeyMayCall, buildOpenApiDocument } from '../../src/server/openapi/openapi-document.ts';
import { errorCatalogue, type AppErrorCode } from '../../src/shared/errors.ts';
import { listProcedures } from '../../src/server/trpc/procedure-list.ts';
import { possibleErrors } from '../../src/server/trpc/procedure-meta.ts';
import { acknowledgedIds, breakingChanges } from './breaking-changes.ts';
import {
  ACKNOWLEDGEMENTS_FILE,
  committedDocument,
  generatedText,
  OPENAPI_FILE,
  unacknowledged,
} from './openapi-file.ts';

interface Operation {
  'x-procedure': { path: string; permission: string | null };
  'x-errors': string[];
  security: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { 'x-app-codes': string[] }> };
}

const generated = () => buildOpenApiDocument(appRouter) as unknown as Document;
const copy = (document: Document): Document => structuredClone(document);
const operation = (document: Document, path: string) =>
  Object.values(document.paths[`/trpc/${path}`] ?? {})[0] as Operation & Record<string, unknown>;

describe('the OpenAPI document', () => {
  it('describes exactly the procedures an API key may call, each with its permission and catalogue errors', () => {
    const document = generated();
    const callable = listProcedures(appRouter).flatMap(({ path, type, meta }) =>
      type !== 'subscription' && meta.access && apiKeyMayCall(meta.access) ? [{ path, meta, access: meta.access }] : [],
    );
    expect(Object.keys(document.paths).sort()).toEqual(
      [...callable.map(({ path }) => `/trpc/${path}`), '/openapi.json'].sort(),
    );
    // Managing API keys needs a signed-in person: no key may, so the document leaves it out.
    expect(document.paths['/trpc/admin.apiKeys.create']).toBeUndefined();
    for (const { path, meta, access } of callable) {
      const described = operation(document, path);
      const permission = typeof access === 'object' ? access.permission : null;
      expect(described['x-procedure'].permission, path).toBe(permission);
      if (permission) expect(described.security, path).toContainEqual({ apiKey: [permission] });
      expect(described['x-errors'], path).toEqual([...(meta.errors ?? [])].sort());
      // Every code it may answer, under the HTTP status the catalogue gives it.
      const answered = Object.entries(described.responses).flatMap(([status, response]) => {
        const codes = document.components.responses[response.$ref?.split('/').pop() ?? '']?.['x-app-codes'] ?? [];
        for (const code of codes) expect(errorCatalogue[code as AppErrorCode].httpStatus, code).toBe(Number(status));
        return codes;
      });
      expect(answered.sort(), path).toEqual(
        [
          ...possibleErrors({
            access,
            placeholder: meta.placeholder ?? false,
            errors: meta.errors ?? [],
          }),
        ].sort(),
      );
    }
  });

  // The product's specification names no entity; a copy compiled from an example does (npm run test:example).
  it.runIf(process.env.SPEC_EXAMPLE_COPY)("covers the specification's entity routers", () => {
    const document = generated();
    const specPaths = listProcedures(appRouter)
      .filter(({ path }) => Object.keys(specRouters).includes(path.split('.')[0] ?? ''))
      .filter(({ meta }) => meta.access && apiKeyMayCall(meta.access));
    expect(specPaths.length).toBeGreaterThan(0);
    for (const { path } of specPaths) expect(document.paths[`/trpc/${path}`], path).toBeDefined();
  });
});

describe(`${OPENAPI_FILE}, the committed copy`, () => {
  // In a copy compiled from an example the router is the example's and the copy the product's: skipped there.
  it.skipIf(process.env.SPEC_EXAMPLE_COPY)(
    `breaks no caller unless ${ACKNOWLEDGEMENTS_FILE} acknowledges the change (npm run openapi lists it)`,
    () => {
      expect(unacknowledged(generated()).map((change) => change.id)).toEqual([]);
    },
  );

  it.skipIf(process.env.SPEC_EXAMPLE_COPY)(
    'is the document of the current router (run npm run openapi when it fails)',
    () => {
      expect(committedDocument()).toEqual(generated());
    },
  );

  it.skipIf(process.env.SPEC_EXAMPLE_COPY)('is byte for byte what npm run openapi writes', async () => {
    expect(readFileSync(join(appRoot, OPENAPI_FILE), 'utf8')).toBe(await generatedText());
  });
});

describe('breaking changes', () => {
  const before = generated();
  /** The object at `keys` inside a copy of the document, to change in place. */
  const node = (value: unknown, ...keys: string[]) =>
    keys.reduce<unknown>((inner, key) => (inner as Record<string, unknown>)[key], value) as Record<string, unknown>;
  const answerJson = ['responses', '200', 'content', 'application/json', 'schema', 'properties', 'result'];
  const outputOf = (operation: object) =>
    node(operation, ...answerJson, 'properties', 'data', 'properties', 'json', 'properties');

  it('flags a removed procedure, a stricter access rule, a new required input and a narrowed output', () => {
    const after = copy(before);
    delete after.paths['/trpc/system.stats'];
    const setRole = operation(after, 'admin.users.setRole');
    node(setRole, 'x-procedure').access = { permission: 'read:system:any' };
    const input = node(setRole, 'requestBody', 'content', 'application/json', 'schema', 'properties', 'json');
    node(input, 'properties').reason = { type: 'string' };
    (input.required as string[]).push('reason');
    const item = node(outputOf(operation(after, 'admin.users.list')), 'items', 'items');
    delete node(item, 'properties').email;
    node(item, 'properties').name = { anyOf: [{ type: 'string' }, { type: 'null' }] };

    expect(breakingChanges(before, after).map((change) => change.id)).toEqual([
      'narrowed-output:admin.users.list:/items/*/email',
      'narrowed-output:admin.users.list:/items/*/name',
      'new-required-input:admin.users.setRole:/reason',
      'removed-procedure:system.stats',
      'stricter-access:admin.users.setRole',
    ]);
  });

  it('lets a caller keep working through an added procedure, an optional input and a new output field', () => {
    const after = copy(before);
    after.paths['/trpc/system.extra'] = structuredClone(before.paths['/trpc/system.stats'] ?? {});
    node(after.paths['/trpc/system.extra'], 'get', 'x-procedure').path = 'system.extra';
    const list = operation(after, 'admin.users.list');
    node(list, 'parameters', '0', 'content', 'application/json', 'schema', 'properties', 'json', 'properties').role = {
      type: 'string',
    };
    const stats = operation(after, 'system.stats');
    outputOf(stats).uptime = { type: 'number' };
    (node(stats, ...answerJson, 'properties', 'data', 'properties', 'json').required as string[]).push('uptime');
    expect(breakingChanges(before, after)).toEqual([]);
  });

  it(`reads the ids ${ACKNOWLEDGEMENTS_FILE} lists, each first in a list item`, () => {
    expect([
      ...acknowledgedIds('- `removed-procedure:a.b`: gone, use c.d.\n* `narrowed-output:x.y:/z`\ntext `not:this`'),
    ]).toEqual(['removed-procedure:a.b', 'narrowed-output:x.y:/z']);
    // The file itself parses, and every id it acknowledges names a kind the check knows.
    const kinds =
      /^(removed-procedure|changed-method|stricter-access|new-required-input|narrowed-input|narrowed-output):/;
    for (const id of acknowledgedIds(readFileSync(join(appRoot, ACKNOWLEDGEMENTS_FILE), 'utf8')))
      expect(id).toMatch(kinds);
  });
});
