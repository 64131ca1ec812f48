import type { AnyRouter } from '@trpc/server';
import type { OperationMeta } from './operation-meta.ts';

export interface ProcedureEntry {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: OperationMeta;
}

/**
 * Every procedure of a router with its declared meta, sorted by path: the input of
 * the tests that walk the router and of the generated documentation.
 */
export function listProcedures(router: AnyRouter): ProcedureEntry[] {
  return Object.entries(router._def.procedures as Record<string, unknown>)
    .map(([path, procedure]) => {
      const def = (procedure as { _def: { type: ProcedureEntry['type']; meta?: OperationMeta } })._def;
      return { path, type: def.type, meta: def.meta ?? {} };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
