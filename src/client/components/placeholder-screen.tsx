import type { ReactNode } from 'react';
import type { ProcedurePath } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';

interface PlaceholderScreenProps {
  title: string;
  /** The server operations the finished screen will call, checked against the router. */
  operations: readonly ProcedurePath[];
  /** What the screen can honestly do already, e.g. a form whose rules are known. */
  children?: ReactNode;
}

/**
 * A screen whose route exists before the specification says what it shows
 * (docs/architecture: "Placeholders, honestly"): it says so, names the operations
 * it will call, and shows no invented data.
 */
export function PlaceholderScreen({ title, operations, children }: PlaceholderScreenProps) {
  useDocumentTitle(title);
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <div className="panel">
        <h2>This screen is waiting for the specification</h2>
        <p>Its route exists; what it shows will be defined by the product’s specification. It will call:</p>
        <ul className="operations" aria-label="Operations">
          {operations.map((operation) => (
            <li key={operation}>
              <code>{operation}</code>
            </li>
          ))}
        </ul>
      </div>
      {children}
    </section>
  );
}
