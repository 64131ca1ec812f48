import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';

const dir = join(appRoot, 'docs', 'decisions');
const records = readdirSync(dir)
  .filter((file) => /^\d{4}-.+\.md$/.test(file))
  .sort();
const index = readFileSync(join(dir, 'README.md'), 'utf8');

/** The record's own status line: `accepted…` or `superseded by NNNN…`. */
const statusOf = (file: string) => /^Status: (.*)$/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';

/** The index's row for a record: its status cell. */
const indexedStatus = (file: string) =>
  index
    .split('\n')
    .filter((line) => line.startsWith(`| [${file.slice(0, 4)}](${file})`))
    .map((line) => line.split('|')[3]?.trim() ?? '');

describe('decision records', () => {
  it.each(records)('%s says whether it is accepted or superseded, and by which record', (file) => {
    const status = statusOf(file);
    expect(status).toMatch(/^(accepted|superseded by \d{4})\b/);
    const by = /^superseded by (\d{4})/.exec(status)?.[1];
    if (by) expect(records.some((other) => other.startsWith(`${by}-`))).toBe(true);
  });

  it.each(records)('%s is in docs/decisions/README.md once, with the status it gives itself', (file) => {
    const rows = indexedStatus(file);
    expect(rows).toHaveLength(1);
    const status = statusOf(file);
    const by = /^superseded by (\d{4})/.exec(status)?.[1];
    expect(rows[0]).toMatch(by ? new RegExp(`^superseded by \\[${by}\\]`) : /^accepted\b/);
  });

  it('links only to records that exist', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.filter((file) => !records.includes(file ?? ''))).toEqual([]);
  });
});
