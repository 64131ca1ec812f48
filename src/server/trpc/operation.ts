import type { z } from 'zod';
import { AppError, type AppErrorCode } from '../../shared/errors.ts';
import type { InnerContext } from './context.ts';
import { procedureFor as baseProcedure } from './init.ts';
import type { AccessRule } from './operation-meta.ts';

/**
 * [7] An operation declared by its contract before its behaviour is known: the
 * client is typed against the contract from day one, and filling it in changes one
 * line in the router, `placeholder…(contract)` → `implement…(contract, handler)`.
 */
export interface OperationContract<Input extends z.ZodType, Output extends z.ZodType> {
  /** The procedure's path in the app router, e.g. `records.create`. */
  name: string;
  summary: string;
  input: Input;
  output: Output;
  /** The catalogue errors the operation may raise besides VALIDATION_FAILED and INTERNAL. */
  errors: readonly AppErrorCode[];
  access: AccessRule;
}

export function defineOperation<Input extends z.ZodType, Output extends z.ZodType>(
  contract: OperationContract<Input, Output>,
): Readonly<OperationContract<Input, Output>> {
  return Object.freeze(contract);
}

function procedureFor<Input extends z.ZodType, Output extends z.ZodType>(
  contract: OperationContract<Input, Output>,
  placeholder: boolean,
) {
  return baseProcedure(contract.access)
    .meta({
      access: contract.access,
      operation: { name: contract.name, summary: contract.summary, errors: contract.errors, placeholder },
    })
    .input(contract.input)
    .output(contract.output);
}

/** Validates the input as the real operation will, then answers NOT_IMPLEMENTED (501). */
function notImplemented(contract: { name: string }) {
  return (): never => {
    throw new AppError('NOT_IMPLEMENTED', {
      message: `"${contract.name}" is not available yet: the specification has not defined it.`,
      details: { operation: contract.name },
    });
  };
}

export function placeholderQuery<Input extends z.ZodType, Output extends z.ZodType>(
  contract: OperationContract<Input, Output>,
) {
  return procedureFor(contract, true).query(notImplemented(contract));
}

export function placeholderMutation<Input extends z.ZodType, Output extends z.ZodType>(
  contract: OperationContract<Input, Output>,
) {
  return procedureFor(contract, true).mutation(notImplemented(contract));
}

type Handler<Input extends z.ZodType, Output extends z.ZodType> = (options: {
  ctx: InnerContext;
  input: z.output<Input>;
}) => Promise<z.input<Output>>;

/**
 * tRPC cannot relate its inferred parser types back to the generic schemas, so the
 * handler is called through this one cast. The procedure's types still come from
 * `.input()` and `.output()`, and the output schema checks every answer at run time.
 */
function run<Input extends z.ZodType, Output extends z.ZodType>(
  handler: Handler<Input, Output>,
  ctx: InnerContext,
  input: unknown,
): Promise<never> {
  return handler({ ctx, input: input as z.output<Input> }) as Promise<never>;
}

export function implementQuery<Input extends z.ZodType, Output extends z.ZodType>(
  contract: OperationContract<Input, Output>,
  handler: Handler<Input, Output>,
) {
  return procedureFor(contract, false).query(({ ctx, input }) => run(handler, ctx, input));
}

export function implementMutation<Input extends z.ZodType, Output extends z.ZodType>(
  contract: OperationContract<Input, Output>,
  handler: Handler<Input, Output>,
) {
  return procedureFor(contract, false).mutation(({ ctx, input }) => run(handler, ctx, input));
}
