/**
 * Toasts: what screens call to say an action worked (or, for errors no screen shows,
 * failed). The toaster (sonner) is not in the first chunk: notices raised before it has
 * loaded wait here, and the toaster takes them as it mounts (components/toast-notices.tsx).
 */
export interface Notice {
  kind: 'success' | 'error' | 'info';
  title: string;
  description?: string;
  /** The request id of an unexpected (5xx) error, for a report; routine errors have none. */
  reference?: string;
}

type Sink = (notice: Notice) => void;

let sink: Sink | undefined;
const waiting: Notice[] = [];

function show(notice: Notice): void {
  if (sink) sink(notice);
  else waiting.push(notice);
}

export const notices = {
  success: (title: string, description?: string): void => {
    show({ kind: 'success', title, ...(description ? { description } : {}) });
  },
  info: (title: string, description?: string): void => {
    show({ kind: 'info', title, ...(description ? { description } : {}) });
  },
  error: (title: string, options: { description?: string; reference?: string } = {}): void => {
    show({ kind: 'error', title, ...options });
  },
};

/** The toaster registers itself here once mounted and receives what waited; it returns the unregister. */
export function attachNoticeSink(next: Sink): () => void {
  sink = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (sink === next) sink = undefined;
  };
}
