import { Globe } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { Input } from '../ui/input.tsx';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { useFieldState, type FieldProps } from './use-field-state.ts';

interface DateTimeFieldProps<S extends z.ZodObject> extends FieldProps<S> {
  /** The IANA zone the wall time is read in, the same one the schema's zonedDateTime(zone) has. */
  zone: string;
}

/**
 * A date and a time on a named zone's clock: the browser's datetime-local input holds
 * 'YYYY-MM-DDTHH:mm', and the zone stands beside it (and is read with it), because the
 * same digits are another instant elsewhere. The schema turns it into the instant.
 */
export function DateTimeField<S extends z.ZodObject>({ form, name, label, hint, zone }: DateTimeFieldProps<S>) {
  const id = useId();
  const zoneId = `${id}-zone`;
  const { message, submitting } = useFieldState(form, name);
  const aria = describedBy(id, hint, message);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Input
          id={id}
          type="datetime-local"
          readOnly={submitting}
          {...aria}
          aria-describedby={[zoneId, aria['aria-describedby']].filter(Boolean).join(' ')}
          className="max-w-64"
          {...form.register(name)}
        />
        <span id={zoneId} className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Globe aria-hidden="true" className="size-4" />
          Time in {zone}
        </span>
      </div>
    </FieldFrame>
  );
}
