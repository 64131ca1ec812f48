/** `npm run docs`: regenerates docs/errors.md, docs/access.md and the generated tables of docs/spec.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from '../../src/server/paths.ts';
import { formatMarkdown } from './format-markdown.ts';
import { loadSpec } from '../spec/load.ts';
import { pointStatuses } from '../spec/spec-model.ts';
import { renderAccessDoc, renderErrorsDoc, withGeneratedSpec } from './render.ts';

const specFile = join(appRoot, 'docs/spec.md');
const statuses = pointStatuses(await loadSpec(join(appRoot, 'spec')));
writeFileSync(
  specFile,
  await formatMarkdown(withGeneratedSpec(readFileSync(specFile, 'utf8'), statuses), 'docs/spec.md'),
);
writeFileSync(join(appRoot, 'docs/errors.md'), await formatMarkdown(renderErrorsDoc(), 'docs/errors.md'));
writeFileSync(join(appRoot, 'docs/access.md'), await formatMarkdown(renderAccessDoc(), 'docs/access.md'));
console.log('Wrote docs/errors.md, docs/access.md and the generated tables of docs/spec.md.');
