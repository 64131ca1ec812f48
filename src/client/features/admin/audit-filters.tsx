import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { auditSearch, type AuditSearch } from '../../audit-search.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';

interface AuditFiltersProps {
  /** The filters in use: the fields start from them. */
  filters: AuditSearch;
  onFilter: (filters: AuditSearch) => void;
}

const fields = [
  { name: 'actor', label: 'Actor', hint: 'An e-mail, a user or key id, or a job name', type: 'search' },
  { name: 'procedure', label: 'Procedure', hint: 'e.g. admin.users.setRole', type: 'search' },
  { name: 'target', label: 'Target', hint: 'An entity, e.g. user', type: 'search' },
  { name: 'targetId', label: 'Target id', hint: 'The record’s id', type: 'search' },
  { name: 'from', label: 'From', hint: 'The first day', type: 'date' },
  { name: 'to', label: 'To', hint: 'The last day', type: 'date' },
] as const satisfies readonly { name: keyof AuditSearch; label: string; hint: string; type: string }[];

/** The trail's filters, applied on "Filter"; what is sent is what the address keeps (`auditSearch`). */
export function AuditFilters({ filters, onFilter }: AuditFiltersProps) {
  const id = useId();
  return (
    <SearchForm
      label="Audit trail"
      onSearch={(values) => {
        onFilter(auditSearch(values));
      }}
    >
      {fields.map((field) => (
        <div key={field.name} className="grid w-full gap-1.5 sm:w-44">
          <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
          <Input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.type}
            placeholder={field.type === 'date' ? undefined : field.hint}
            aria-describedby={`${id}-${field.name}-hint`}
            maxLength={field.type === 'date' ? undefined : limits.text.short}
            defaultValue={filters[field.name] ?? ''}
          />
          <p id={`${id}-${field.name}-hint`} className="sr-only">
            {field.hint}.
          </p>
        </div>
      ))}
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </SearchForm>
  );
}
