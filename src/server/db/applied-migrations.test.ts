import { describe, expect, it } from 'vitest';
import { matchesFolder, type MigrationRecord } from './applied-migrations.ts';

const folder = [
  { name: '1_init', checksum: 'aaa' },
  { name: '2_more', checksum: 'bbb' },
];
const applied = (name: string, checksum: string): MigrationRecord => ({
  name,
  checksum,
  finished: true,
  rolledBack: false,
});

describe('matchesFolder: whether start-up may skip the schema engine', () => {
  it('is true when every migration in the folder is applied with the same SQL, and nothing else is recorded', () => {
    expect(matchesFolder([applied('1_init', 'aaa'), applied('2_more', 'bbb')], folder)).toBe(true);
    expect(matchesFolder([], [])).toBe(true);
  });

  it('ignores a migration rolled back by hand, as the schema engine does', () => {
    const rolledBack = { ...applied('2_more', 'old'), rolledBack: true };
    expect(matchesFolder([applied('1_init', 'aaa'), rolledBack, applied('2_more', 'bbb')], folder)).toBe(true);
  });

  it.each<[string, MigrationRecord[]]>([
    ['a migration is pending', [applied('1_init', 'aaa')]],
    ['nothing is applied yet', []],
    [
      'a migration started and did not finish',
      [applied('1_init', 'aaa'), { ...applied('2_more', 'bbb'), finished: false }],
    ],
    ['an applied migration was edited', [applied('1_init', 'aaa'), applied('2_more', 'changed')]],
    [
      'the database has a migration the folder lacks',
      [applied('1_init', 'aaa'), applied('2_more', 'bbb'), applied('3_new', 'ccc')],
    ],
    ['a migration is recorded twice', [applied('1_init', 'aaa'), applied('2_more', 'bbb'), applied('2_more', 'bbb')]],
  ])('is false when %s', (_case, records) => {
    expect(matchesFolder(records, folder)).toBe(false);
  });
});
