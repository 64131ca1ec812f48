/**
 * `npm run openapi`: writes docs/openapi.json, the OpenAPI document of the router,
 * unless it breaks callers of the committed one in a way docs/api-changes.md does not
 * acknowledge: then it lists those changes and writes nothing (exit 1).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from '../../src/server/paths.ts';
import { ACKNOWLEDGEMENTS_FILE, generatedText, OPENAPI_FILE, unacknowledged } from './openapi-file.ts';

const text = await generatedText();
const refused = unacknowledged(JSON.parse(text) as object);
if (refused.length > 0) {
  console.error(`Not written: ${OPENAPI_FILE} would break its callers. Each change below must be acknowledged`);
  console.error(`in ${ACKNOWLEDGEMENTS_FILE} (its id, why, and how callers adapt), or undone:\n`);
  for (const change of refused) console.error(`  ${change.id}\n    ${change.says}`);
  process.exitCode = 1;
} else {
  writeFileSync(join(appRoot, OPENAPI_FILE), text);
  const procedures = Object.keys((JSON.parse(text) as { paths: object }).paths).length - 1;
  console.log(`Wrote ${OPENAPI_FILE}: ${procedures} procedures an API key may call.`);
}
