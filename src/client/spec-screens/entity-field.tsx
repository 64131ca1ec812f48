import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { CheckboxField } from '../components/form/checkbox-field.tsx';
import { DateField } from '../components/form/date-field.tsx';
import { DateTimeField } from '../components/form/date-time-field.tsx';
import { MoneyField } from '../components/form/money-field.tsx';
import { NumberField } from '../components/form/number-field.tsx';
import { SelectField } from '../components/form/select-field.tsx';
import { TextField } from '../components/form/text-field.tsx';
import { TextareaField } from '../components/form/textarea-field.tsx';
import type { ZodForm } from '../components/form/use-zod-form.ts';
import { Input } from '../components/ui/input.tsx';
import { choiceLabel } from './cell-format.ts';
import type { FormField } from './form-values.ts';
import { useRelationOptions } from './relation-options.ts';

/** The schema of an entity's form: its fields by key, each what the input holds. */
export type EntityFormSchema = z.ZodObject<Record<string, z.ZodType>>;
type Form = ZodForm<EntityFormSchema>;

/** "Optional." under an optional field's label; nothing under a required one (the schema says "Required."). */
const hintOf = ({ field }: FormField) => (field.optional ? 'Optional.' : undefined);

/** [2] The form kit's control for one field of an entity, by its kind. */
export function EntityField({ form, entity, entry }: { form: Form; entity: string; entry: FormField }) {
  const { field } = entry;
  const name = entry.key;
  const common = { form, name, label: field.label, hint: hintOf(entry) };
  switch (field.kind) {
    case 'string':
      return <TextField {...common} autoComplete="off" />;
    case 'email':
      return <TextField {...common} type="email" autoComplete="off" />;
    case 'phone':
      return <TextField {...common} type="tel" autoComplete="off" />;
    case 'text':
      return <TextareaField {...common} />;
    case 'int':
      return <NumberField {...common} min={field.min} max={field.max} />;
    case 'money':
      return <MoneyField {...common} currency={field.currency} />;
    case 'decimal':
      return <TextField {...common} inputMode="decimal" autoComplete="off" />;
    case 'boolean':
      return <CheckboxField {...common} />;
    case 'enum':
      return (
        <SelectField
          {...common}
          options={field.values.map((value) => ({ value, label: choiceLabel(value) }))}
          placeholder={field.optional ? 'None' : 'Choose…'}
        />
      );
    case 'date':
      return <DateField {...common} />;
    case 'dateTime':
      return <DateTimeField {...common} zone={field.zone} />;
    case 'relation':
      return field.cardinality === 'one' ? (
        <RelationPicker form={form} entry={entry} to={field.to} entity={entity} />
      ) : null;
  }
}

/**
 * A `one` relation: a select over the related list the caller may read. When more
 * records exist than one page holds, a search box above narrows them.
 */
function RelationPicker({ form, entry, to, entity }: { form: Form; entry: FormField; to: string; entity: string }) {
  const [search, setSearch] = useState('');
  const { options, loading, more } = useRelationOptions(to, search, { entity, field: entry.name });
  const name = entry.key;
  const current: unknown = form.getValues(name);
  // A required relation with one possible record (a customer's own) is that record.
  const only = !entry.field.optional && !loading && !search && options.length === 1 ? options[0]?.value : undefined;
  useEffect(() => {
    if (only && current === '') form.setValue(name, only, { shouldDirty: true });
  }, [only, current, form, name]);
  return (
    <div className="grid gap-2">
      {more || search ? (
        <Input
          type="search"
          aria-label={`Find a ${entry.field.label.toLowerCase()}`}
          placeholder={`Find a ${entry.field.label.toLowerCase()}…`}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      ) : null}
      <SelectField
        // Keyed by the options' arrival, so the value the form holds shows once its option is there.
        key={`${loading ? 'loading' : 'ready'}|${String(current)}`}
        form={form}
        name={name}
        label={entry.field.label}
        hint={hintOf(entry)}
        options={options}
        loading={loading}
        placeholder={entry.field.optional ? 'None' : 'Choose…'}
      />
    </div>
  );
}
