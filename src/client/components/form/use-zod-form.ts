import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A react-hook-form form that also knows its schema, so fields can read their rules from it. */
export type ZodForm<S extends z.ZodObject> = UseFormReturn<z.input<S>, unknown, z.output<S>> & { readonly schema: S };

/**
 * A form validated by a shared schema from src/shared/schemas, the one the server
 * checks the same input with, so a rule is written once and runs on both sides.
 * Submitted values are the schema's output (trimmed, defaults applied).
 */
export function useZodForm<S extends z.ZodObject>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
  return { ...form, schema };
}
