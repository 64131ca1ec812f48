import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { appRoot } from '../../src/server/paths.ts';
import { appRouter } from '../../src/server/router.ts';
import { buildOpenApiDocument } from '../../src/server/openapi/openapi-document.ts';
import { acknowledgedIds, breakingChanges, type BreakingChange } from './breaking-changes.ts';

/** The committed copy of the document: what callers outside TypeScript build against. */
export const OPENAPI_FILE = 'docs/openapi.json';

/** Where a breaking change is acknowledged, with why and how callers adapt. */
export const ACKNOWLEDGEMENTS_FILE = 'docs/api-changes.md';

/** The document of the current router, as `npm run openapi` writes it (through Prettier, so format:check agrees). */
export async function generatedText(): Promise<string> {
  const options = await resolveConfig(join(appRoot, OPENAPI_FILE));
  return format(JSON.stringify(buildOpenApiDocument(appRouter)), { ...options, parser: 'json' });
}

/** The committed copy, parsed; an empty document when there is none yet. */
export function committedDocument(): object {
  const file = join(appRoot, OPENAPI_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as object) : {};
}

/** The breaking changes from the committed copy to `generated` that docs/api-changes.md does not acknowledge. */
export function unacknowledged(generated: object, committed = committedDocument()): BreakingChange[] {
  const file = join(appRoot, ACKNOWLEDGEMENTS_FILE);
  const acknowledged = acknowledgedIds(existsSync(file) ? readFileSync(file, 'utf8') : '');
  return breakingChanges(committed, generated).filter((change) => !acknowledged.has(change.id));
}
