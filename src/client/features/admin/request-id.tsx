import { CopyIcon } from 'lucide-react';
import { notices } from '../../notifications/notices.ts';

/**
 * A request id (a UUID) in a few characters, so it does not widen its column: the first
 * eight, which are enough to tell rows apart and to search the logs. The whole id is in
 * the tooltip and the accessible name, and a press copies it.
 */
export function RequestId({ id }: { id: string }) {
  return (
    <button
      type="button"
      title={`Request ${id} (press to copy)`}
      aria-label={`Copy request id ${id}`}
      className="mt-0.5 inline-flex items-center gap-1 rounded-sm font-mono text-xs font-normal text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      onClick={() => {
        // Chained, so a browser without a clipboard (plain http) lands in the failure branch too.
        Promise.resolve()
          .then(() => navigator.clipboard.writeText(id))
          .then(
            () => {
              notices.success('Request id copied', id);
            },
            () => {
              notices.error('The browser did not allow copying', { description: `The request id is ${id}.` });
            },
          );
      }}
    >
      req {id.slice(0, 8)}
      <CopyIcon aria-hidden="true" className="size-3" />
    </button>
  );
}
