import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogTransport, type OutgoingEmail } from './transports.ts';

const email: OutgoingEmail = {
  from: 'no-reply@example.test',
  to: 'ada@example.com',
  subject: 'Confirm your e-mail address',
  html: '<p>…</p>',
  text: 'Hello Ada,\n\nConfirm your address: http://localhost:3000/verify-email?token=abc.def\n\nOr ignore it.',
  messageId: '<1@example.test>',
};

/** The log transport writing into `lines`, as the server's logger would. */
function transportLogging(showLinks: boolean) {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { transport: createLogTransport(log, { showLinks }), lines };
}

describe('the log transport', () => {
  it('in development, prints the links of each e-mail it keeps, so nobody needs the mailbox to follow them', async () => {
    const { transport, lines } = transportLogging(true);
    await transport.send(email, new AbortController().signal);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      to: 'ada@example.com',
      links: ['http://localhost:3000/verify-email?token=abc.def'],
    });
  });

  it('elsewhere, keeps the links out of the log: they sign people in', async () => {
    const { transport, lines } = transportLogging(false);
    await transport.send(email, new AbortController().signal);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toContain('token=');
  });
});
