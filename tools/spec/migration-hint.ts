import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prismaMarkers } from './emit-prisma.ts';

function modelNames(models: string): string[] {
  const start = models.indexOf(prismaMarkers.models.start);
  const end = models.indexOf(prismaMarkers.models.end);
  const section = start === -1 || end === -1 ? '' : models.slice(start, end);
  return [...section.matchAll(/^model (\w+) \{/gm)].map((match) => match[1] ?? '');
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** After a model change, the migration to create and a name for it: add_customer_vehicle, drop_…, or spec_change. */
export const migrationHint = {
  read(root: string): string {
    const file = join(root, 'prisma/models.prisma');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  },
  describe(before: string, after: string): string | null {
    if (before === after) return null;
    const old = modelNames(before);
    const now = modelNames(after);
    const added = now.filter((name) => !old.includes(name)).map(snake);
    const dropped = old.filter((name) => !now.includes(name)).map(snake);
    const parts = [
      ...(added.length ? [`add_${added.join('_')}`] : []),
      ...(dropped.length ? [`drop_${dropped.join('_')}`] : []),
    ];
    return (parts.join('_') || 'spec_change').slice(0, 60);
  },
};
