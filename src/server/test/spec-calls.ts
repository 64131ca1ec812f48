import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { toAppError } from '../errors/to-app-error.ts';
import type { callerAs } from './test-app.ts';

/** A procedure of a spec entity, as a test calls it through `createCaller`. */
export type Procedure = (input: unknown) => Promise<unknown>;
export type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

/** `caller.workOrder.schedule`, for an entity and a procedure named at run time. */
export function procedureOf(caller: Caller, meta: EntityMeta, name: string): Procedure {
  const found = (caller as unknown as Record<string, Record<string, Procedure>>)[meta.model]?.[name];
  if (!found) throw new Error(`${meta.model}.${name} is not in the router`);
  return found;
}

/** 'ok', or the catalogue code a client would see (an input the schema refuses is VALIDATION_FAILED). */
export function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => toAppError(error).code,
  );
}
