import { useState } from 'react';
import { QueryError } from '../components/query-error.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { notices } from '../notifications/notices.ts';
import { useParams, type RoutePath } from '../router/router.tsx';
import type { Viewer } from '../viewer/use-viewer.ts';
import { formatInZone, recordTitle } from './cell-format.ts';
import { EntityForm } from './entity-form.tsx';
import { entityHooks, type Row } from './entity-procedures.ts';
import { FieldValue, StateBadge } from './field-value.tsx';
import { formFields } from './form-values.ts';
import { RecordActions } from './record-actions.tsx';
import { RecordHistory, RelatedRecords } from './record-related.tsx';
import { recordActions } from './screen-access.ts';
import type { ScreenEntity } from './spec-entities.ts';
import { holdsOf, SpecScreenFrame } from './spec-screen-frame.tsx';
import type { SpecScreen } from './spec-screen.ts';

/**
 * [2] One record: its fields, formatted by kind; its number and state; and what the
 * caller may do with it now (record-actions.tsx). Editing opens the entity's form at the
 * version read, in place.
 */
export function EntityDetailScreen({ screen, entity }: { screen: SpecScreen; entity: ScreenEntity }) {
  const { id } = useParams(screen.route as RoutePath) as { id?: string };
  return (
    <SpecScreenFrame screen={screen}>
      {(viewer) => <RecordDetail entity={entity} id={id ?? ''} viewer={viewer} />}
    </SpecScreenFrame>
  );
}

function RecordDetail({ entity, id, viewer }: { entity: ScreenEntity; id: string; viewer: Viewer }) {
  const { meta } = entity;
  const record = entityHooks(meta.name).get.useQuery({ id });
  const [editing, setEditing] = useState<Row | null>(null);
  const reload = () => {
    setEditing(null);
    void record.refetch();
  };

  if (record.isPending)
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-64 w-full max-w-2xl" />
      </div>
    );
  if (record.error || !record.data)
    return (
      <QueryError
        title={`Could not load this ${meta.label.toLowerCase()}`}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  const data = record.data;
  const actions = recordActions(meta, data, viewer.role, holdsOf(viewer), entity.operations);

  return (
    <div className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">{recordTitle(meta, data)}</h2>
        {meta.number && typeof data.number === 'string' && meta.title ? (
          <span className="text-sm text-muted-foreground tabular-nums">{data.number}</span>
        ) : null}
        {typeof data.state === 'string' ? <StateBadge state={data.state} /> : null}
        {data.archivedAt ? <Badge variant="outline">Archived</Badge> : null}
      </div>
      {editing ? (
        <Card>
          <CardContent>
            <EntityForm
              // A new form for each version read: a reload after a stale answer starts from the record as it is now.
              key={editing.version}
              meta={meta}
              record={editing}
              onSaved={() => {
                notices.success('Changes saved', recordTitle(meta, data));
                setEditing(null);
              }}
              onCancel={() => {
                setEditing(null);
              }}
              onReload={() => {
                void record.refetch().then((fresh) => {
                  const latest = (fresh as { data?: Row }).data;
                  if (latest) setEditing(latest);
                });
              }}
            />
          </CardContent>
        </Card>
      ) : (
        <>
          <RecordActions
            meta={meta}
            record={data}
            actions={actions}
            onEdit={() => {
              setEditing(data);
            }}
            onReload={reload}
          />
          <Card>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[minmax(10rem,auto)_1fr]">
                {formFields(meta).map(({ key, field }) => (
                  <div key={key} className="grid gap-1 sm:contents">
                    <dt className="text-sm font-medium text-muted-foreground">{field.label}</dt>
                    <dd className="m-0 min-w-0 [overflow-wrap:anywhere]">
                      <FieldValue field={field} value={data[key]} />
                    </dd>
                  </div>
                ))}
                <div className="grid gap-1 sm:contents">
                  <dt className="text-sm font-medium text-muted-foreground">Last changed</dt>
                  <dd className="m-0 text-sm text-muted-foreground">
                    {data.updatedAt instanceof Date
                      ? formatInZone(data.updatedAt, Intl.DateTimeFormat().resolvedOptions().timeZone)
                      : null}
                  </dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          {Object.entries(meta.fields).map(([name, field]) =>
            field.kind === 'relation' && field.cardinality === 'many' ? (
              <RelatedRecords key={name} to={field.to} via={field.via} id={data.id} label={field.label} />
            ) : null,
          )}
          {entity.operations.includes('events') ? <RecordHistory entity={meta.name} id={data.id} /> : null}
        </>
      )}
    </div>
  );
}
