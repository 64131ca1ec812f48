import { useId, useState, type HTMLInputTypeAttribute } from 'react';
import type { Path } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide-react';
import type { z } from 'zod';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { textRulesOf } from './schema-fields.ts';
import { useFieldState } from './use-field-state.ts';
import type { ZodForm } from './use-zod-form.ts';

interface TextFieldProps<S extends z.ZodObject> {
  form: ZodForm<S>;
  name: Path<z.input<S>>;
  label: string;
  /** Shown under the label and read with the input. */
  hint?: string;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'search' | 'tel' | 'url' | 'password' | 'number'>;
  autoComplete?: string;
  /** For number inputs: the browser's bounds (the schema stays the judge). */
  min?: number;
  max?: number;
  step?: number | 'any';
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email';
  /** Turns the input's value (or the form's default) into the schema's input, e.g. '' into null for "none". */
  setValueAs?: (value: unknown) => unknown;
}

/**
 * A labelled text input bound to a `useZodForm` form. Its hint and its error are
 * tied to it with aria-describedby, so a screen reader reads them on focus, and its
 * length limit and "required" come from the schema. A password field has a
 * show/hide toggle (a real button with aria-pressed).
 */
export function TextField<S extends z.ZodObject>({
  form,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  min,
  max,
  step,
  inputMode,
  setValueAs,
}: TextFieldProps<S>) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  const { maxLength, required } = textRulesOf(form.schema, name);
  const [shown, setShown] = useState(false);
  const input = (
    <Input
      id={id}
      type={type === 'password' && shown ? 'text' : type}
      maxLength={maxLength}
      aria-required={required || undefined}
      {...describedBy(id, hint, message)}
      autoComplete={autoComplete}
      min={min}
      max={max}
      step={step}
      inputMode={inputMode}
      readOnly={submitting}
      className={type === 'password' ? 'pr-10' : undefined}
      {...form.register(name, setValueAs ? { setValueAs } : {})}
    />
  );

  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      {type === 'password' ? (
        <div className="relative">
          {input}
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="absolute top-0.5 right-0.5 text-muted-foreground"
            aria-label={`Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            aria-controls={id}
            disabled={submitting}
            onClick={() => {
              setShown((value) => !value);
            }}
          >
            {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
