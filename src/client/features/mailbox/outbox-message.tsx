import { useId, type ReactNode } from 'react';
import { DateTime } from '../../components/date-time.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { RenderedEmail } from './rendered-email.tsx';
import { OutboxStatusBadge } from './status-badge.tsx';

type Message = RouterOutputs['mailbox']['message'];

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** One outbox message: its headers and delivery state, then both bodies. The subject is the screen's heading. */
export function OutboxMessage({ message }: { message: Message }) {
  const headersId = useId();
  const kept = message.status === 'sent' && message.transport === 'log';
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <Card role="region" aria-labelledby={headersId}>
        <CardHeader>
          <CardTitle>
            <h2 id={headersId} className="text-base font-semibold">
              Headers
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
            <Fact term="To">
              <span className="break-all sm:break-normal">{message.recipient}</span>
            </Fact>
            <Fact term="Message-ID">
              <code className="font-mono text-xs break-all">{message.messageId}</code>
            </Fact>
            <Fact term="Template">
              <code className="font-mono text-xs">{message.template}</code>
            </Fact>
            <Fact term="Status">
              <OutboxStatusBadge status={message.status} transport={message.transport} />
            </Fact>
            <Fact term="Attempts">{message.attempts}</Fact>
            {message.status === 'pending' ? (
              <Fact term="Next attempt">
                <DateTime value={message.nextAttemptAt} relative />
              </Fact>
            ) : null}
            <Fact term="Last error">{message.lastError ?? 'None'}</Fact>
            {/* The request that queued it: the key to its lines in the server's log. */}
            <Fact term="Request ID">
              {message.requestId ? <code className="font-mono text-xs break-all">{message.requestId}</code> : 'None'}
            </Fact>
            <Fact term="Created">
              <DateTime value={message.createdAt} relative />
            </Fact>
            <Fact term={kept ? 'Kept' : 'Sent'}>
              <DateTime value={message.sentAt} none={message.status === 'failed' ? 'Never' : 'Not yet'} relative />
            </Fact>
          </dl>
        </CardContent>
      </Card>
      <RenderedEmail subject={message.subject} html={message.html} text={message.text} headingLevel="h2" />
    </div>
  );
}
