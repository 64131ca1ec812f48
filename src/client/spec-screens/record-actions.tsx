import { ArchiveIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { FormAlert } from '../components/form/form-alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { toClientError, type ClientError } from '../errors/to-client-error.ts';
import { notices } from '../notifications/notices.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { choiceLabel, recordTitle } from './cell-format.ts';
import { useEntityMutations, type Row } from './entity-procedures.ts';
import { EventDialog } from './event-dialog.tsx';
import { eventAsks, type recordActions } from './screen-access.ts';

interface RecordActionsProps {
  meta: EntityMeta;
  record: Row;
  actions: ReturnType<typeof recordActions>;
  onEdit: () => void;
  onReload: () => void;
}

/**
 * [2] What the caller may do with a record now (screen-access.ts): edit, archive (after
 * a confirmation), and a button per state event leaving the record's state; an event
 * that asks for fields or a note opens a dialog. Each sends the version the screen read;
 * a stale one says so and offers to reload.
 */
export function RecordActions({ meta, record, actions, onEdit, onReload }: RecordActionsProps) {
  const mutations = useEntityMutations(meta.name);
  const [failure, setFailure] = useState<ClientError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const title = recordTitle(meta, record);
  /** Sends one action at the version read; rejects with the server's answer (a dialog shows it). */
  const fire = async (name: string, input: Record<string, unknown>) => {
    const saved = await mutations.call(name, { ...input, id: record.id, version: record.version });
    const now =
      name === 'archive'
        ? 'Archived'
        : typeof saved.state === 'string'
          ? `Now ${choiceLabel(saved.state).toLowerCase()}`
          : 'Done';
    notices.success(title, `${now}.`);
  };
  /** The same, its failure shown under the buttons. */
  const attempt = async (name: string) => {
    setFailure(null);
    try {
      await fire(name, {});
    } catch (error) {
      setFailure(toClientError(error));
    }
  };
  if (!actions.edit && !actions.archive && actions.events.length === 0) return null;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        {actions.events.map((event) =>
          eventAsks(event) ? (
            <EventDialog
              key={event.name}
              meta={meta}
              record={record}
              event={event}
              trigger={<Button variant="default">{event.label}</Button>}
              onFire={(values) => fire(event.name, values)}
              onReload={onReload}
            />
          ) : (
            <Button
              key={event.name}
              aria-disabled={busy !== null}
              onClick={() => {
                if (busy) return;
                setBusy(event.name);
                void attempt(event.name).finally(() => {
                  setBusy(null);
                });
              }}
            >
              {event.label}
            </Button>
          ),
        )}
        {actions.edit ? (
          <Button variant="outline" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {actions.archive ? (
          <ConfirmAction
            trigger={
              <Button variant="outline">
                <ArchiveIcon aria-hidden="true" />
                Archive
              </Button>
            }
            title={`Archive ${title}?`}
            description={`Lists leave archived ${meta.plural.toLowerCase()} out, and an archived one can no longer change. Its history stays.`}
            confirmLabel="Archive"
            pendingLabel="Archiving…"
            onConfirm={() => attempt('archive')}
          />
        ) : null}
      </div>
      {failure ? (
        <FormAlert error={failure}>
          {failure.code === 'STALE_VERSION' ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => {
                setFailure(null);
                onReload();
              }}
            >
              Reload
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
    </div>
  );
}
