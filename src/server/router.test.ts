import { describe, expect, it } from 'vitest';
import { appRouter } from './router.ts';
import { listProcedures } from './trpc/procedure-list.ts';

const procedures = listProcedures(appRouter);

describe('the app router', () => {
  it('has procedures', () => {
    expect(procedures.map(({ path }) => path)).toContain('system.health');
  });

  it.each(procedures)('$path declares its access rule', ({ meta }) => {
    expect(meta.access).toBeDefined();
  });

  it.each(procedures.filter(({ meta }) => meta.operation))(
    '$path is mounted where its contract says, so docs and errors name it rightly',
    ({ path, meta }) => {
      expect(meta.operation?.name).toBe(path);
    },
  );
});
