import type { OutboxStatus } from '../../../shared/schemas/mailbox.schema.ts';

/** The outbox states in people's words; the filter offers the same ones. */
export const statusLabels: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** An outbox message's delivery state: the word carries it, the colour only repeats it. */
export function StatusBadge({ status }: { status: OutboxStatus }) {
  return <span className={`badge badge-${status}`}>{statusLabels[status]}</span>;
}
