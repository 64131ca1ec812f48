import { SlidersHorizontalIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../components/ui/cn.ts';
import { SearchForm } from '../components/search-form.tsx';
import { NativeSelect } from '../components/form/native-select.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { choiceLabel } from './cell-format.ts';
import { searchTextMax, type ListSearch } from './list-search.ts';
import { filterKeys, listSearch, type FilterShape, type ListSearchShape } from './list-search-shape.ts';
import { useRelationOptions } from './relation-options.ts';

interface ListFiltersProps {
  meta: EntityMeta;
  shape: ListSearchShape;
  search: ListSearch;
  /** Whether the list has archived records to show (the entity may be archived). */
  archivable: boolean;
  onSearch: (search: ListSearch) => void;
}

/** A filter's words: its field's label, or "State". */
const labelOf = (meta: EntityMeta, name: string) => (name === 'state' ? 'State' : (meta.fields[name]?.label ?? name));

/**
 * [2] A list's search box, filters and sort, applied on submit (SearchForm): what is
 * sent is what the address keeps (list-search.ts), so the list, the address and the
 * fields agree, and back and forward restore them.
 */
export function ListFilters({ meta, shape, search, archivable, onSearch }: ListFiltersProps) {
  // On a phone the filters fold away under a button (open while some are in use), so the list shows first.
  const narrowed = Object.keys(search).some((key) => key !== 'q');
  const [unfolded, setUnfolded] = useState(narrowed);
  const foldId = useId();
  const searchId = useId();
  const sortId = useId();
  const archivedId = useId();
  const read = listSearch(shape);
  const searchable = meta.searchable.map((name) => meta.fields[name]?.label.toLowerCase() ?? name);
  return (
    <SearchForm
      label={meta.plural}
      className="items-end"
      onSearch={(values) => {
        onSearch(read(values));
      }}
    >
      {searchable.length ? (
        <div className="grid w-full gap-1.5 sm:w-auto sm:min-w-56 sm:flex-1">
          <Label htmlFor={searchId}>Search</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            maxLength={searchTextMax}
            placeholder={`By ${searchable.join(', ')}`}
            defaultValue={search.q ?? ''}
          />
        </div>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="sm:hidden"
        aria-expanded={unfolded}
        aria-controls={foldId}
        onClick={() => {
          setUnfolded((open) => !open);
        }}
      >
        <SlidersHorizontalIcon aria-hidden="true" />
        {unfolded ? 'Hide filters' : 'Filters and sort'}
      </Button>
      <div id={foldId} className={cn('w-full flex-wrap items-end gap-3 sm:contents', unfolded ? 'flex' : 'hidden')}>
        {Object.entries(shape.filters).map(([name, filter]) => (
          <FilterControl
            key={name}
            name={name}
            label={labelOf(meta, name)}
            filter={filter}
            meta={meta}
            search={search}
          />
        ))}
        {shape.sort.length > 1 ? (
          <div className="grid w-full gap-1.5 sm:w-auto">
            <Label htmlFor={sortId}>Sort by</Label>
            <NativeSelect id={sortId} name="sort" defaultValue={search.sort ?? ''} className="sm:w-44">
              {shape.sort.map((name, index) => (
                <option key={name} value={index === 0 ? '' : name}>
                  {name === 'createdAt' ? 'Created' : name === 'number' ? 'Number' : labelOf(meta, name)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="grid w-full gap-1.5 sm:w-auto">
          <Label htmlFor={`${sortId}-dir`}>Order</Label>
          <NativeSelect id={`${sortId}-dir`} name="dir" defaultValue={search.dir ?? ''} className="sm:w-36">
            <option value="">Descending</option>
            <option value="asc">Ascending</option>
          </NativeSelect>
        </div>
        {archivable ? (
          <label htmlFor={archivedId} className="flex h-9 items-center gap-2 text-sm">
            <input
              id={archivedId}
              type="checkbox"
              name="archived"
              value="yes"
              defaultChecked={search.archived === 'yes'}
              className="size-4 accent-primary"
            />
            Archived
          </label>
        ) : null}
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </SearchForm>
  );
}

function FilterControl({
  name,
  label,
  filter,
  meta,
  search,
}: {
  name: string;
  label: string;
  filter: FilterShape;
  meta: EntityMeta;
  search: ListSearch;
}) {
  const id = useId();
  if (filter.kind === 'numberRange' || filter.kind === 'dateRange') {
    const [fromKey, toKey] = filterKeys(name, filter) as [string, string];
    const type = filter.kind === 'dateRange' ? 'date' : 'text';
    return (
      <fieldset className="grid w-full min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 sm:w-auto">
        <legend className="mb-1.5 text-sm leading-none font-medium">{label}</legend>
        <div className="flex items-center gap-2 [&>input]:min-w-0 [&>input]:flex-1 sm:[&>input]:flex-none">
          <Input
            name={fromKey}
            type={type}
            inputMode={type === 'text' ? 'decimal' : undefined}
            aria-label={`${label} from`}
            defaultValue={search[fromKey] ?? ''}
            className="sm:w-36"
          />
          <span aria-hidden="true" className="text-muted-foreground">
            –
          </span>
          <Input
            name={toKey}
            type={type}
            inputMode={type === 'text' ? 'decimal' : undefined}
            aria-label={`${label} to`}
            defaultValue={search[toKey] ?? ''}
            className="sm:w-36"
          />
        </div>
      </fieldset>
    );
  }
  const field = meta.fields[name];
  return (
    <div className="grid w-full gap-1.5 sm:w-auto">
      <Label htmlFor={id}>{label}</Label>
      {filter.kind === 'text' ? (
        <Input id={id} name={name} maxLength={filter.max} defaultValue={search[name] ?? ''} className="sm:w-40" />
      ) : filter.kind === 'id' && field?.kind === 'relation' ? (
        <RelationFilter id={id} name={name} to={field.to} entity={meta.name} value={search[name]} />
      ) : (
        <NativeSelect id={id} name={name} defaultValue={search[name] ?? ''} className="sm:w-40">
          <option value="">Any</option>
          {(filter.kind === 'choice' ? filter.values : ['yes', 'no']).map((value) => (
            <option key={value} value={value}>
              {choiceLabel(value)}
            </option>
          ))}
        </NativeSelect>
      )}
    </div>
  );
}

function RelationFilter({
  id,
  name,
  to,
  entity,
  value,
}: {
  id: string;
  name: string;
  to: string;
  entity: string;
  value: string | undefined;
}) {
  const [search] = useState('');
  const { options, loading } = useRelationOptions(to, search, { entity, field: name });
  return (
    // Keyed by the options' arrival, so the chosen one shows once they are in.
    <NativeSelect
      key={loading ? 'loading' : 'ready'}
      id={id}
      name={name}
      defaultValue={value ?? ''}
      disabled={loading}
      aria-busy={loading || undefined}
      className="sm:w-48"
    >
      <option value="">{loading ? 'Loading…' : 'Any'}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
