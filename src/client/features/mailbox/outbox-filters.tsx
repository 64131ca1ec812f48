import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { mailboxSearch, outboxStatusOptions, type MailboxSearch } from '../../mailbox-search.ts';
import { statusLabels } from './status-badge.tsx';

interface OutboxFiltersProps {
  /** The filters in use: the fields start from them. */
  filters: MailboxSearch;
  onFilter: (filters: MailboxSearch) => void;
}

/** A native select in the kit's look: a phone shows its own picker. */
const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:w-40 dark:bg-input/30';

/** Filters for the list, applied on "Filter"; what is sent is what the address would keep (`mailboxSearch`). */
export function OutboxFilters({ filters, onFilter }: OutboxFiltersProps) {
  const recipientId = useId();
  const hintId = useId();
  const statusId = useId();

  return (
    <SearchForm
      label="E-mails"
      onSearch={(values) => {
        onFilter(mailboxSearch(values));
      }}
    >
      <div className="grid w-full gap-1.5 sm:w-auto sm:min-w-64 sm:flex-1">
        <Label htmlFor={recipientId}>Recipient</Label>
        <Input
          id={recipientId}
          name="recipient"
          type="search"
          placeholder="All or part of the address"
          aria-describedby={hintId}
          maxLength={limits.emailLength}
          defaultValue={filters.recipient ?? ''}
        />
        <p id={hintId} className="sr-only">
          All or part of the address.
        </p>
      </div>
      <div className="grid w-full gap-1.5 sm:w-auto">
        <Label htmlFor={statusId}>Status</Label>
        <select id={statusId} name="status" className={selectClass} defaultValue={filters.status ?? ''}>
          <option value="">Any</option>
          {outboxStatusOptions.map((option) => (
            <option key={option} value={option}>
              {statusLabels[option]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </SearchForm>
  );
}
