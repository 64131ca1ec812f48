import { useId } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import type { honeypotSchema } from '../../../shared/schemas/auth.schema.ts';
import type { ZodForm } from '../../components/form/use-zod-form.ts';

type WithHoneypot = z.ZodObject<{ website: typeof honeypotSchema }>;

/**
 * The public forms' honeypot (`website`, see `honeypotSchema`): off screen, out of
 * the tab order, hidden from screen readers and from autofill, so people never fill
 * it; bots that fill every input do, and the server then quietly does nothing.
 * Its label speaks to anyone who sees it anyway (styles turned off).
 */
export function HoneypotField<S extends WithHoneypot>({ form }: { form: ZodForm<S> }) {
  const id = useId();
  return (
    <div className="sr-only" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...form.register('website' as Path<z.input<S>>)} />
    </div>
  );
}
