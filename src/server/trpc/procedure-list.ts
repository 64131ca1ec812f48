import type { AnyRouter } from '@trpc/server';
import type { ProcedureMeta } from './procedure-meta.ts';

export interface ProcedureEntry {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** Partial: a procedure built outside `defineQuery` / `defineMutation` (a test harness's) has none. */
  meta: Partial<ProcedureMeta>;
}

/**
 * Every procedure of a router with its declared meta, sorted by path: the input of
 * the tests that walk the router and of the generated documentation.
 */
export function listProcedures(router: AnyRouter): ProcedureEntry[] {
  return Object.entries(router._def.procedures as Record<string, unknown>)
    .map(([path, procedure]) => {
      const def = (procedure as { _def: { type: ProcedureEntry['type']; meta?: ProcedureMeta } })._def;
      return { path, type: def.type, meta: def.meta ?? {} };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
