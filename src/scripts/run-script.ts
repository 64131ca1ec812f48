/**
 * Runs an internal script against a running server:
 *   npm run script -- <name> [--url http://localhost:3000]
 * <name> is a file in src/scripts/examples/ whose default export receives the
 * typed client. The URL comes from --url, else APP_URL, else localhost:3000; an API
 * key, for procedures that need one, from APP_API_KEY.
 */
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createScriptClient, type ScriptClient } from './script-client.ts';

const scriptsDir = new URL('./examples/', import.meta.url);
const available = readdirSync(scriptsDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.slice(0, -3));

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { url: { type: 'string' } } });
  const [name] = positionals;
  if (!name || !available.includes(name)) {
    console.error(`Usage: npm run script -- <name> [--url <server>]; scripts: ${available.join(', ')}`);
    return 2;
  }
  const url = values.url ?? process.env.APP_URL ?? 'http://localhost:3000';
  const module = (await import(new URL(`${name}.ts`, scriptsDir).href)) as {
    default: (client: ScriptClient) => Promise<void>;
  };
  const apiKey = process.env.APP_API_KEY;
  await module.default(createScriptClient(url, apiKey ? { apiKey } : {}));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Script failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
