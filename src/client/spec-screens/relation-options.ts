import { limits } from '../../shared/constants.ts';
import type { SelectOption } from '../components/form/select-field.tsx';
import { useViewer } from '../viewer/use-viewer.ts';
import { recordTitle } from './cell-format.ts';
import { entityHooks } from './entity-procedures.ts';
import { relatedMeta } from './spec-entities.ts';

/** What `<entity>.people` answers at most (src/server/spec-runtime/people.ts): a full page means search narrows it. */
const peoplePageSize = 50;

/** Options stay for a minute: a form and a filter over the same customers share them. */
const optionsStaleTime = 60_000;

export interface RelationOptions {
  options: SelectOption[];
  loading: boolean;
  /** More records match than one page holds: the search narrows them. */
  more: boolean;
}

/**
 * [2] The records a `one` relation may point at, as select options: the first page of
 * `<related>.list` the caller may read (scoped like every list), narrowed by `search`.
 * An account relation lists the people `<entity>.people` answers (the owning role's
 * enabled people) to everyone who sets it, administrators included, so a picker never
 * offers an account the relation cannot hold; anyone else gets the caller alone.
 */
export function useRelationOptions(
  to: string,
  search: string,
  origin: { entity: string; field: string },
): RelationOptions {
  const meta = relatedMeta(to);
  const viewer = useViewer();
  const input = { search: search || null, limit: limits.page.maxSize };
  const records = entityHooks(meta?.name ?? to).list.useQuery(input, {
    enabled: meta !== null,
    staleTime: optionsStaleTime,
  });
  const asksPeople = meta === null;
  const people = entityHooks(origin.entity).people.useQuery(
    { field: origin.field, search: search || null },
    // FORBIDDEN for a caller who may not set the relation: they get themselves, below.
    { enabled: asksPeople, staleTime: optionsStaleTime, retry: false },
  );
  if (meta)
    return {
      options: (records.data?.items ?? []).map((record) => ({
        value: record.id,
        label:
          meta.number && typeof record.number === 'string' && meta.title
            ? `${record.number} · ${recordTitle(meta, record)}`
            : recordTitle(meta, record),
      })),
      loading: records.isPending,
      more: records.data?.nextCursor != null,
    };
  if (people.data)
    return {
      options: people.data.map((person) => ({
        value: person.id,
        label: person.id === viewer.data?.id ? `You (${person.name})` : person.name,
      })),
      loading: false,
      more: people.data.length >= peoplePageSize,
    };
  return {
    options: viewer.data ? [{ value: viewer.data.id, label: `You (${viewer.data.name})` }] : [],
    // Until the people answer (or are refused), "You" is not yet the only choice.
    loading: viewer.isPending || (asksPeople && people.isPending),
    more: false,
  };
}
