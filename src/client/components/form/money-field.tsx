import { useId } from 'react';
import type { z } from 'zod';
import { Input } from '../ui/input.tsx';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { useFieldState, type FieldProps } from './use-field-state.ts';

interface MoneyFieldProps<S extends z.ZodObject> extends FieldProps<S> {
  /** ISO 4217 code shown before the amount, e.g. "EUR"; the schema's money() knows its decimals. */
  currency: string;
}

/**
 * An amount of money as the person types it ("12.34", "1,234.50"): the form holds the
 * text and the schema's money() turns it into minor units (fields.schema.ts). A text
 * input, not type="number", which would drop "1,234.50" and round "0.1 + 0.2".
 */
export function MoneyField<S extends z.ZodObject>({ form, name, label, hint, currency }: MoneyFieldProps<S>) {
  const id = useId();
  const currencyId = `${id}-currency`;
  const { message, submitting } = useFieldState(form, name);
  const aria = describedBy(id, hint, message);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      <div className="flex items-center gap-2">
        <span id={currencyId} className="text-sm font-medium text-muted-foreground">
          {currency}
        </span>
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          readOnly={submitting}
          {...aria}
          aria-describedby={[currencyId, aria['aria-describedby']].filter(Boolean).join(' ')}
          className="max-w-48 tabular-nums"
          {...form.register(name)}
        />
      </div>
    </FieldFrame>
  );
}
