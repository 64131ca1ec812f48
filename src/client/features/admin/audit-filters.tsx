import { ChevronDownIcon, ListFilterIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { limits } from '../../../shared/constants.ts';
import { auditSearch, type AuditSearch } from '../../audit-search.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';

interface AuditFiltersProps {
  /** The filters in use (the address's): the fields show them. */
  filters: AuditSearch;
  onFilter: (filters: AuditSearch) => void;
}

// Placeholders short enough to show whole in a quarter of the page; the hint says more.
const fields = [
  {
    name: 'actor',
    label: 'Actor',
    placeholder: 'E-mail, id or job',
    hint: 'An e-mail, a user or key id, or a job name',
    type: 'search',
  },
  {
    name: 'procedure',
    label: 'Procedure',
    placeholder: 'e.g. admin.users.setRole',
    hint: 'A procedure, e.g. admin.users.setRole',
    type: 'search',
  },
  { name: 'target', label: 'Target', placeholder: 'e.g. user', hint: 'An entity, e.g. user', type: 'search' },
  { name: 'targetId', label: 'Target id', placeholder: 'Record id', hint: 'The record’s id', type: 'search' },
  { name: 'from', label: 'From', placeholder: undefined, hint: 'The first day', type: 'date' },
  { name: 'to', label: 'To', placeholder: undefined, hint: 'The last day, included', type: 'date' },
] as const satisfies readonly {
  name: keyof AuditSearch;
  label: string;
  placeholder: string | undefined;
  hint: string;
  type: string;
}[];

const texts = (filters: AuditSearch) =>
  Object.fromEntries(fields.map((field) => [field.name, filters[field.name] ?? '']));

/**
 * The trail's filters, applied on "Apply filters"; what is sent is what the address keeps
 * (`auditSearch`). From 768 px a toolbar of one or two rows; on a phone they fold behind a
 * "Filters" button that counts those in use, so the changes come first. "Clear filters"
 * shows while any is set.
 */
export function AuditFilters({ filters, onFilter }: AuditFiltersProps) {
  const id = useId();
  const active = Object.keys(filters).length;
  const [open, setOpen] = useState(false);
  // The fields as typed; they follow the address when it changes from outside (back,
  // forward, Clear), without remounting the form, so focus stays where it is.
  const [values, setValues] = useState(() => texts(filters));
  const [shown, setShown] = useState(filters);
  if (JSON.stringify(shown) !== JSON.stringify(filters)) {
    setShown(filters);
    setValues(texts(filters));
  }
  const toggle = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  // Only on a phone is the toggle shown: it takes the focus when the fields fold away.
  const folding = () => (toggle.current?.getClientRects().length ?? 0) > 0;

  const clear = () => {
    onFilter({});
    setOpen(false);
    // The Clear button goes with the filters: focus moves to where filtering starts.
    if (folding()) toggle.current?.focus();
    else firstField.current?.focus();
  };

  // One Clear button, beside "Apply filters" in the form. On a phone, while the fields
  // are folded away, the form shows it alone, in the Filters toggle's row.
  const folded = !open;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        ref={toggle}
        type="button"
        variant="outline"
        size="sm"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        <ListFilterIcon aria-hidden="true" />
        Filters
        {active > 0 ? (
          <>
            <span
              aria-hidden="true"
              className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs text-primary-foreground tabular-nums"
            >
              {active}
            </span>
            <span className="sr-only">({active} in use)</span>
          </>
        ) : null}
        <ChevronDownIcon aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <SearchForm
        id={`${id}-form`}
        label="Audit trail"
        className={cn(
          'mb-0 grid-cols-2 items-end gap-x-3 gap-y-3 md:grid md:basis-full md:grid-cols-3 lg:grid-cols-4',
          open
            ? 'mt-1 grid basis-full rounded-lg border p-3 md:mt-0 md:rounded-none md:border-0 md:p-0'
            : active > 0
              ? 'flex'
              : 'hidden',
        )}
        onSearch={(submitted) => {
          onFilter(auditSearch(submitted));
          if (folding()) {
            // On a phone the list is what comes next: fold the fields away.
            setOpen(false);
            toggle.current?.focus();
          }
        }}
      >
        {fields.map((field, index) => (
          <div
            key={field.name}
            className={cn(
              'grid min-w-0 gap-1.5',
              field.type === 'date' ? '' : 'col-span-2 md:col-span-1',
              folded && 'hidden md:grid',
            )}
          >
            <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
            <Input
              ref={index === 0 ? firstField : undefined}
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              placeholder={field.placeholder}
              aria-describedby={`${id}-${field.name}-hint`}
              maxLength={field.type === 'date' ? undefined : limits.text.short}
              value={values[field.name] ?? ''}
              onChange={(event) => {
                const { value } = event.target;
                setValues((was) => ({ ...was, [field.name]: value }));
              }}
            />
            <p id={`${id}-${field.name}-hint`} className="sr-only">
              {field.hint}.
            </p>
          </div>
        ))}
        {/* The row's rest: room for Apply and Clear side by side (a third of 768 px is not). */}
        <div className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-3 lg:col-span-2">
          <Button type="submit" className={cn(folded && 'hidden md:inline-flex')}>
            Apply filters
          </Button>
          {active > 0 ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className={cn('md:h-9 md:px-3', open && 'h-9')}
              onClick={clear}
            >
              <XIcon aria-hidden="true" />
              Clear filters
            </Button>
          ) : null}
        </div>
      </SearchForm>
    </div>
  );
}
