import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcPlugin } from '../plugins/trpc.ts';
import type { AppRouter } from '../router.ts';
import { edgeAttempts } from '../test/attack-inputs.ts';
import { mutate, query } from '../test/http-client.ts';
import { appCodeOf, fuzzProcedure, sendAttempt } from '../test/procedure-fuzz.ts';
import { procedureSeeds, requireSeed } from '../test/procedure-seeds.ts';
import { buildTestApp } from '../test/test-app.ts';
import { publicProcedure, router } from '../trpc/init.ts';
import { listProcedures } from '../trpc/procedure-list.ts';

/**
 * The fuzzer and the HTTP helpers send what tRPC's client sends: superjson's `json`
 * with its `meta`. They once sent `{ json }` alone, so a Date arrived as a string and
 * a procedure taking a Date never saw a valid input in the fuzz run, without any test
 * failing. No product procedure takes a Date yet, so this router of the test's own,
 * built from the same base procedure, does; it is mounted beside the app's /trpc.
 */

const MOUNT = '/trpc-dated';

const datedRouter = router({
  dated: {
    // The input itself is a Date: superjson annotates the root (`"values":["Date"]`).
    day: publicProcedure.input(z.date()).query(({ input }) => ({ day: input })),
    // Dates in fields, one optional, one in a list.
    window: publicProcedure
      .input(
        z.object({
          from: z.date().min(new Date('2020-01-01')),
          until: z.date().optional(),
          marks: z.array(z.date()).min(1).max(3),
        }),
      )
      .query(({ input }) => input),
    reschedule: publicProcedure
      .input(z.object({ name: z.string().trim().min(1).max(20), at: z.date() }))
      .mutation(({ input }) => input),
  },
});

const procedures = listProcedures(datedRouter);
const seeds = procedureSeeds(datedRouter, {});

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  // The plugin's type names the app's router; this one has other procedures.
  await app.register(trpcPlugin, {
    services: app.services,
    router: datedRouter as unknown as AppRouter,
    mountPath: MOUNT,
  });
});

describe('a procedure whose input holds a Date', () => {
  it('has a derived seed that holds Dates', () => {
    expect(seeds.problems).toEqual([]);
    const window = requireSeed(seeds, 'dated.window');
    expect(window.source).toBe('derived');
    expect(window.value).toMatchObject({ from: expect.any(Date) as unknown, marks: [expect.any(Date) as unknown] });
    expect(requireSeed(seeds, 'dated.day').value).toBeInstanceOf(Date);
  });

  it.each(procedures)('$path: the valid seed, as the fuzzer sends it, passes validation', async (entry) => {
    const seed = requireSeed(seeds, entry.path).value;
    const valid = edgeAttempts(seed, entry.type === 'query' ? 'GET' : 'POST').filter((attempt) => attempt.valid);
    expect(valid).toHaveLength(1);
    for (const attempt of valid) {
      const response = await sendAttempt(app, entry, attempt, undefined, MOUNT);
      expect([response.statusCode, appCodeOf(response)], response.body).toEqual([200, undefined]);
    }
  });

  it.each(procedures)('$path: survives the fuzz run, its seed never refused', async (entry) => {
    await fuzzProcedure({
      app,
      entry,
      seed: requireSeed(seeds, entry.path).value,
      cookie: () => undefined,
      mountPath: MOUNT,
      randomSeed: 20_261_125,
      numRuns: 40,
    });
  });

  it('goes through the HTTP helpers and back as Dates', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const rescheduled = await mutate(app, 'dated.reschedule', { name: 'launch', at }, { mountPath: MOUNT });
    expect([rescheduled.status, rescheduled.data]).toEqual([200, { name: 'launch', at }]);
    const day = await query(app, 'dated.day', at, { mountPath: MOUNT });
    expect([day.status, day.data]).toEqual([200, { day: at }]);
  });
});
