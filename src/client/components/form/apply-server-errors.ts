import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ClientError } from '../../errors/to-client-error.ts';
import { fieldSchemaAt } from './schema-fields.ts';
import type { ZodForm } from './use-zod-form.ts';

/**
 * Puts the server's field errors beside the fields they name (focusing the first),
 * for a rule the client did not know, e.g. when it is older than the server.
 * Returns what is left for a form-level ErrorNotice: the error with only the field
 * errors no field could take (the root, '', or a path the form lacks), or null when
 * every part of it now sits beside a field.
 */
export function applyServerErrors<S extends z.ZodObject>(
  form: Pick<ZodForm<S>, 'schema' | 'setError'>,
  error: ClientError,
): ClientError | null {
  const unplaced: Record<string, string[]> = {};
  let placed = 0;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    if (path !== '' && fieldSchemaAt(form.schema, path)) {
      form.setError(
        path as Path<z.input<S>>,
        { type: 'server', message: messages.join(' ') },
        { shouldFocus: placed === 0 },
      );
      placed += 1;
    } else {
      unplaced[path] = messages;
    }
  }
  if (placed > 0 && Object.keys(unplaced).length === 0) return null;
  return { ...error, fieldErrors: unplaced };
}
