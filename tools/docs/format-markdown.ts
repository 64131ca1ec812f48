import { format, resolveConfig } from 'prettier';
import { join } from 'node:path';
import { appRoot } from '../../src/server/paths.ts';

/** Generated Markdown goes through Prettier, so `format:check` and the staleness tests agree. */
export async function formatMarkdown(markdown: string, file: string): Promise<string> {
  const options = await resolveConfig(join(appRoot, file));
  return format(markdown, { ...options, parser: 'markdown' });
}
