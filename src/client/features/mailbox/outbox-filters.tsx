import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { mailboxSearch, outboxStatusOptions, type MailboxSearch } from '../../mailbox-search.ts';
import { statusLabels } from './status-badge.tsx';

interface OutboxFiltersProps {
  /** The filters in use: the fields start from them. */
  filters: MailboxSearch;
  onFilter: (filters: MailboxSearch) => void;
}

/** Filters for the list, applied on "Filter"; what is sent is what the address would keep (`mailboxSearch`). */
export function OutboxFilters({ filters, onFilter }: OutboxFiltersProps) {
  const recipientId = useId();
  const hintId = useId();
  const statusId = useId();

  return (
    <SearchForm
      label="E-mails"
      className="filters"
      onSearch={(values) => {
        onFilter(mailboxSearch(values));
      }}
    >
      <div className="filter-grow">
        <label htmlFor={recipientId} className="field-label">
          Recipient
        </label>
        <p id={hintId} className="field-hint">
          All or part of the address.
        </p>
        <input
          id={recipientId}
          name="recipient"
          type="search"
          className="field-input"
          aria-describedby={hintId}
          maxLength={limits.emailLength}
          defaultValue={filters.recipient ?? ''}
        />
      </div>
      <div>
        <label htmlFor={statusId} className="field-label">
          Status
        </label>
        <select id={statusId} name="status" className="field-input field-select" defaultValue={filters.status ?? ''}>
          <option value="">Any</option>
          {outboxStatusOptions.map((option) => (
            <option key={option} value={option}>
              {statusLabels[option]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Filter
      </button>
    </SearchForm>
  );
}
