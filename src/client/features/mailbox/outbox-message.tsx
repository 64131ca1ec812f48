import { useId } from 'react';
import { formatDateTime } from '../../format.ts';
import type { RouterOutputs } from '../../trpc.ts';
import { RenderedEmail } from './rendered-email.tsx';
import { StatusBadge } from './status-badge.tsx';

type Message = RouterOutputs['mailbox']['message'];

/** One outbox message: its headers and delivery state, then both bodies. The subject is the screen's heading. */
export function OutboxMessage({ message }: { message: Message }) {
  const headersId = useId();
  return (
    <>
      <section className="panel" aria-labelledby={headersId}>
        <h2 id={headersId}>Headers</h2>
        <dl className="facts">
          <dt>To</dt>
          <dd>{message.recipient}</dd>
          <dt>Message-ID</dt>
          <dd>
            <code>{message.messageId}</code>
          </dd>
          <dt>Template</dt>
          <dd>
            <code>{message.template}</code>
          </dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={message.status} />
          </dd>
          <dt>Attempts</dt>
          <dd>{message.attempts}</dd>
          {message.status === 'pending' ? (
            <>
              <dt>Next attempt</dt>
              <dd>{formatDateTime(message.nextAttemptAt)}</dd>
            </>
          ) : null}
          <dt>Last error</dt>
          <dd>{message.lastError ?? 'None'}</dd>
          {/* The request that queued it: the key to its lines in the server's log. */}
          <dt>Request ID</dt>
          <dd>{message.requestId ? <code>{message.requestId}</code> : 'None'}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(message.createdAt)}</dd>
          <dt>Sent</dt>
          <dd>{formatDateTime(message.sentAt, message.status === 'failed' ? 'Never' : 'Not yet')}</dd>
        </dl>
      </section>
      <RenderedEmail subject={message.subject} html={message.html} text={message.text} headingLevel="h2" />
    </>
  );
}
