import { useId, useMemo, useState, type ReactElement } from 'react';
import { z } from 'zod';
import { eventInputSchema } from '../../shared/spec/entity-schemas.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { RecordFormAlert } from './record-form-alert.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { TextareaField } from '../components/form/textarea-field.tsx';
import { useFormSubmit } from '../components/form/use-form-submit.ts';
import { useZodForm } from '../components/form/use-zod-form.ts';
import { Button } from '../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../components/ui/dialog.tsx';
import { EntityField, type EntityFormSchema } from './entity-field.tsx';
import type { Row } from './entity-procedures.ts';
import { editDefaults, formFields } from './form-values.ts';
import type { AvailableEvent } from './screen-access.ts';

/**
 * The schema of an event's dialog: the event's own input schema (entity-schemas.ts,
 * the one the server checks) without the id and version the screen adds, each field
 * the event requires made required here, since the dialog shows it filled in.
 */
export function eventSchema(meta: EntityMeta, event: Pick<AvailableEvent, 'name' | 'requires'>): EntityFormSchema {
  const input = eventInputSchema(meta, event.name) as unknown as EntityFormSchema;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(input.shape)) if (key !== 'id' && key !== 'version') shape[key] = schema;
  for (const { key } of formFields(meta, event.requires)) {
    const field = shape[key];
    if (field) shape[key] = field.refine((value) => value !== null && value !== undefined, { message: 'Required.' });
  }
  return z.object(shape);
}

interface EventDialogProps {
  meta: EntityMeta;
  record: Row;
  event: AvailableEvent;
  trigger: ReactElement;
  /** Fires the event with what the dialog asked for; rejects with the server's answer. */
  onFire: (values: Record<string, unknown>) => Promise<unknown>;
  onReload: () => void;
}

/**
 * [2] An event that asks first: the fields it requires (filled from the record) and
 * its note, checked like a form, the server's field errors beside them.
 */
export function EventDialog({ meta, record, event, trigger, onFire, onReload }: EventDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="[&>*]:min-w-0">
        <DialogHeader>
          <DialogTitle>{event.label}</DialogTitle>
          <DialogDescription>
            {event.requires.length
              ? `To ${event.label.toLowerCase()} it, fill in: ${event.requires.map((name) => meta.fields[name]?.label ?? name).join(', ')}.`
              : 'Add a note for the record’s history.'}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <EventForm
            meta={meta}
            record={record}
            event={event}
            onFire={async (values) => {
              await onFire(values);
              setOpen(false);
            }}
            onCancel={() => {
              setOpen(false);
            }}
            onReload={() => {
              setOpen(false);
              onReload();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EventForm({
  meta,
  record,
  event,
  onFire,
  onCancel,
  onReload,
}: Omit<EventDialogProps, 'trigger'> & { onCancel: () => void }) {
  const formId = useId();
  const fields = useMemo(() => formFields(meta, event.requires), [meta, event]);
  const schema = useMemo(() => eventSchema(meta, event), [meta, event]);
  const form = useZodForm(schema, {
    defaultValues: { ...editDefaults(fields, record), ...(event.note === 'none' ? {} : { note: '' }) },
  });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async () => {
    await onFire(form.getValues());
  });
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <RecordFormAlert error={formError} onReload={onReload} />
      {fields.map((entry) => (
        <EntityField
          key={entry.key}
          form={form}
          entity={meta.name}
          entry={{ ...entry, field: { ...entry.field, optional: false } }}
        />
      ))}
      {event.note !== 'none' ? (
        <TextareaField
          form={form}
          name="note"
          label="Note"
          hint={event.note === 'optional' ? 'Optional.' : undefined}
          rows={3}
        />
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busy={isSubmitting}>{event.label}</SubmitButton>
      </DialogFooter>
    </form>
  );
}
