import { useNotificationStore, useNotifications } from '../notifications/notifications-context.ts';

/**
 * Errors of actions no screen shows itself. The live region is always in the page,
 * so screen readers announce what is added to it; toasts stay until dismissed
 * (no timers: WCAG 2.2.1 asks that people get the time they need to read).
 */
export function ToastRegion() {
  const { toasts } = useNotifications();
  const store = useNotificationStore();
  return (
    <div className="toasts">
      <ol aria-live="polite" aria-label="Notifications" className="toast-list">
        {toasts.map(({ id, error }) => (
          <li key={id} className="toast">
            <p className="toast-message">{error.message}</p>
            {error.requestId ? (
              <p className="notice-reference">
                Reference: <code>{error.requestId}</code>
              </p>
            ) : null}
            <button
              type="button"
              className="button button-quiet"
              aria-label={`Dismiss: ${error.message}`}
              onClick={() => {
                store.dismissToast(id);
              }}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
