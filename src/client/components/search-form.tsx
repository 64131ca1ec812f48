import type { ReactNode } from 'react';
import { cn } from './ui/cn.ts';

interface SearchFormProps {
  /** The accessible name of the search landmark. */
  label: string;
  /** Layout classes beside the defaults (a wrapping row of fields). */
  className?: string;
  /** For a control that shows or hides the form (`aria-controls`). */
  id?: string;
  /** The submitted fields by name (inputs need a `name`), trimmed or not as typed. */
  onSearch: (values: Record<string, FormDataEntryValue>) => void;
  children: ReactNode;
}

/**
 * A search or filter form over a list: applied on submit, not on every keystroke or
 * choice, so the list does not change under someone still typing (WCAG 3.2.2). Its
 * fields are uncontrolled: give them a `defaultValue`, and a new `key` to the form
 * when the search they should show changes from outside (back, forward).
 */
export function SearchForm({ label, className, id, onSearch, children }: SearchFormProps) {
  return (
    <form
      id={id}
      role="search"
      aria-label={label}
      className={cn('mb-4 flex flex-wrap items-end gap-3', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(Object.fromEntries(new FormData(event.currentTarget)));
      }}
    >
      {children}
    </form>
  );
}
