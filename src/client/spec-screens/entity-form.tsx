import { useId, useMemo } from 'react';
import { z } from 'zod';
import { inputShape, updateShape } from '../../shared/spec/entity-schemas.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { RecordFormAlert } from './record-form-alert.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { useFormSubmit } from '../components/form/use-form-submit.ts';
import { useZodForm } from '../components/form/use-zod-form.ts';
import { Button } from '../components/ui/button.tsx';
import { EntityField, type EntityFormSchema } from './entity-field.tsx';
import { useEntityMutations, type Row } from './entity-procedures.ts';
import { changedValues, createDefaults, editDefaults, formFields } from './form-values.ts';

interface EntityFormProps {
  meta: EntityMeta;
  /** A new record, or the record as it was read (its version is the one the update sends). */
  record: Row | null;
  /** After the server saved it: the record as it is now. */
  onSaved: (record: Row) => void;
  onCancel?: () => void;
  /** After a STALE_VERSION answer: read the record again (the form then shows it). */
  onReload?: () => void;
}

/**
 * [2] An entity's create or edit form: a form-kit control per field (entity-field.tsx),
 * checked by the same schema the server checks the input with (entity-schemas.ts), the
 * server's field errors beside their fields. An edit sends the version it read and only
 * the changed fields; a stale version says so and offers to reload.
 */
export function EntityForm({ meta, record, onSaved, onCancel, onReload }: EntityFormProps) {
  const headingId = useId();
  const fields = useMemo(() => formFields(meta), [meta]);
  const schema = useMemo(
    (): EntityFormSchema => z.object(record ? updateShape(meta) : inputShape(meta)),
    [meta, record],
  );
  const form = useZodForm(schema, {
    defaultValues: record ? editDefaults(fields, record) : createDefaults(fields),
  });
  // Read while rendering, so the form state tracks it for the submit below.
  const { dirtyFields } = form.formState;
  const mutations = useEntityMutations(meta.name);
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async () => {
    // The form's own text goes to the server, whose schema parses it as this one did.
    const values = form.getValues() as Record<string, unknown>;
    const saved = record
      ? await mutations.call('update', changedValues(values, dirtyFields, record))
      : await mutations.call('create', values);
    onSaved(saved);
  });
  const label = meta.label.toLowerCase();

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <h2 id={headingId} className="sr-only">
        {record ? `Edit ${label}` : `New ${label}`}
      </h2>
      <RecordFormAlert error={formError} onReload={onReload} />
      {fields.map((entry) => (
        <EntityField key={entry.key} form={form} entity={meta.name} entry={entry} />
      ))}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting}>{record ? 'Save changes' : `Create ${label}`}</SubmitButton>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
