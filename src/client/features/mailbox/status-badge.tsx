import type { OutboxStatus, OutboxTransport } from '../../../shared/schemas/mailbox.schema.ts';
import { StatusBadge } from '../../components/status-badge.tsx';

/** The outbox states in people's words, as the filter offers them. */
export const statusLabels: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent or kept',
  failed: 'Failed',
};

/**
 * An outbox message's delivery state. With the `log` transport a "sent" message was
 * only kept (in the log and here): it says so, as nothing left the machine.
 */
export function OutboxStatusBadge({ status, transport }: { status: OutboxStatus; transport: OutboxTransport }) {
  return <StatusBadge status={status === 'sent' && transport === 'log' ? 'kept' : status} />;
}
