import { useId, useState } from 'react';
import { limits } from '../../../shared/constants.ts';
import { outboxStatusOptions, type MailboxSearch } from '../../mailbox-search.ts';
import { statusLabels } from './status-badge.tsx';

interface OutboxFiltersProps {
  filters: MailboxSearch;
  onFilter: (filters: MailboxSearch) => void;
}

/**
 * Filters for the list, applied on "Filter" rather than on every keystroke or
 * choice, so the table does not change under someone still typing (WCAG 3.2.2).
 */
export function OutboxFilters({ filters, onFilter }: OutboxFiltersProps) {
  const recipientId = useId();
  const hintId = useId();
  const statusId = useId();
  const [recipient, setRecipient] = useState(filters.recipient ?? '');
  const [status, setStatus] = useState(filters.status ?? '');

  return (
    <form
      role="search"
      aria-label="E-mails"
      className="search-form filters"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = outboxStatusOptions.find((option) => option === status);
        onFilter({
          ...(recipient.trim() ? { recipient: recipient.trim() } : {}),
          ...(chosen ? { status: chosen } : {}),
        });
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
          type="search"
          className="field-input"
          aria-describedby={hintId}
          maxLength={limits.emailLength}
          value={recipient}
          onChange={(event) => {
            setRecipient(event.target.value);
          }}
        />
      </div>
      <div>
        <label htmlFor={statusId} className="field-label">
          Status
        </label>
        <select
          id={statusId}
          className="field-input field-select"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
          }}
        >
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
    </form>
  );
}
