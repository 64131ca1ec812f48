/**
 * "Revoke" in a table row. While any revocation runs the button stays focusable but
 * inert (`aria-disabled`, not `disabled`), so keyboard focus is not thrown away.
 */
export function RevokeButton({ label, busy, onRevoke }: { label: string; busy: boolean; onRevoke: () => void }) {
  return (
    <button
      type="button"
      className="button button-quiet"
      aria-label={label}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onRevoke();
      }}
    >
      Revoke
    </button>
  );
}
