import { describe, expect, it } from 'vitest';
import type { ProcedurePath } from './trpc.ts';

// The checks are tsc's (npm run typecheck); the runtime assertion only keeps vitest content.
describe('ProcedurePath', () => {
  it('names procedures at any depth, and no router', () => {
    const paths: ProcedurePath[] = ['system.health', 'records.create', 'admin.users.list', 'admin.apiKeys.create'];
    // @ts-expect-error a router, not a procedure
    const router: ProcedurePath = 'admin.users';
    // @ts-expect-error no such procedure
    const missing: ProcedurePath = 'system.nothing';
    expect([...paths, router, missing]).toHaveLength(6);
  });
});
