import type { FieldsMeta } from '../../src/shared/spec/entity-meta.ts';
import { customOperationPermission } from '../../src/shared/spec/permission-names.ts';
import { resolveField } from './resolve-entities.ts';
import { specified, type Spec } from './spec-model.ts';

/** [7] A custom operation of spec/calls.ts, resolved: its contract is derived, its handler owned. */
export interface CustomMeta {
  readonly name: string;
  readonly kind: 'query' | 'mutation';
  readonly summary: string;
  /** The access rule its procedure declares (src/server/trpc/procedure-meta.ts). */
  readonly access: 'public' | 'signed-in' | { readonly permission: string };
  readonly errors: readonly string[];
  readonly input: FieldsMeta;
  readonly output: FieldsMeta;
}

export function resolveCustom(spec: Spec): CustomMeta[] {
  const custom = specified(spec.calls).custom ?? {};
  return Object.entries(custom).map(([name, operation]) => {
    const fields = (specs: typeof operation.input): FieldsMeta => ({
      fields: Object.fromEntries(
        Object.entries(specs).map(([field, fieldSpec]) => [field, resolveField(spec, name, field, fieldSpec)]),
      ),
    });
    return {
      name,
      kind: operation.kind,
      summary: operation.summary,
      access:
        operation.who === 'public' || operation.who === 'signed-in'
          ? operation.who
          : { permission: customOperationPermission(name) },
      errors: [...(operation.errors ?? [])],
      input: fields(operation.input),
      output: fields(operation.output),
    };
  });
}
