import type { AnyRouter } from '@trpc/server';
import type { z } from 'zod';
import { deriveValidInput } from './schema-seed.ts';

/**
 * One valid input per procedure, for the property tests to mutate: derived from the
 * procedure's input schema (schema-seed.ts), so a new procedure needs nothing here.
 *
 * Write one by hand only where a derived value is valid but cannot reach the
 * procedure's work: a name or id that must exist. Each must pass the procedure's
 * schema, and each must stay harmless when it succeeds.
 */
export const handWrittenSeeds: Readonly<Record<string, unknown>> = {
  // A template that exists: the preview renders it rather than answering NOT_FOUND.
  'mailbox.preview': { name: 'verify-email' },
};

export interface ProcedureSeed {
  /** The valid input; undefined for a procedure without input. */
  value: unknown;
  source: 'derived' | 'hand-written' | 'no input';
}

export interface ProcedureSeeds {
  seeds: ReadonlyMap<string, ProcedureSeed>;
  /** One line per procedure without a valid seed, and per hand-written seed that is wrong: each names the procedure. */
  problems: string[];
}

/** The input schema a procedure declares: undefined without one; several `.input()` calls are merged by tRPC. */
function inputSchemasOf(procedure: unknown): z.ZodType[] {
  return ((procedure as { _def: { inputs?: unknown[] } })._def.inputs ?? []) as z.ZodType[];
}

function seedOf(path: string, schemas: z.ZodType[], handWritten: Readonly<Record<string, unknown>>) {
  if (Object.hasOwn(handWritten, path)) {
    const value = handWritten[path];
    const refused = schemas.find((schema) => !schema.safeParse(value).success);
    if (!refused) return { seed: { value, source: 'hand-written' } as const };
    return { problem: `${path}: its hand-written seed fails its input schema: ${JSON.stringify(value)}` };
  }
  if (schemas.length === 0) return { seed: { value: undefined, source: 'no input' } as const };
  if (schemas.length > 1) return { problem: `${path}: several input schemas; write its seed by hand` };
  const [schema] = schemas as [z.ZodType];
  const derived = deriveValidInput(schema);
  if (derived.ok) return { seed: { value: derived.value, source: 'derived' } as const };
  return { problem: `${path}: no valid input could be derived (${derived.reason}); add one to handWrittenSeeds` };
}

/** A valid input for every procedure of `router`, with what stands in the way of any that has none. */
export function procedureSeeds(
  router: AnyRouter,
  handWritten: Readonly<Record<string, unknown>> = handWrittenSeeds,
): ProcedureSeeds {
  const procedures = router._def.procedures as Record<string, unknown>;
  const seeds = new Map<string, ProcedureSeed>();
  const problems: string[] = [];
  for (const [path, procedure] of Object.entries(procedures)) {
    const { seed, problem } = seedOf(path, inputSchemasOf(procedure), handWritten);
    if (seed) seeds.set(path, seed);
    if (problem) problems.push(problem);
  }
  for (const path of Object.keys(handWritten)) {
    if (!Object.hasOwn(procedures, path)) problems.push(`${path}: a hand-written seed for no procedure`);
  }
  return { seeds, problems };
}

/** The seed of one procedure, or an error naming it: a procedure without one must fail its test, never skip it. */
export function requireSeed(seeds: ProcedureSeeds, path: string): ProcedureSeed {
  const seed = seeds.seeds.get(path);
  if (seed) return seed;
  const why = seeds.problems.find((problem) => problem.startsWith(`${path}:`)) ?? `${path}: not in the router`;
  throw new Error(`No valid input to fuzz ${why}`);
}
