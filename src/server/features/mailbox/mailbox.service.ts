import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import {
  outboxStatusSchema,
  type listOutboxInputSchema,
  type OutboxTransport,
} from '../../../shared/schemas/mailbox.schema.ts';
import type { InnerContext } from '../../trpc/context.ts';

type Ctx = Pick<InnerContext, 'db' | 'config'>;

const summary = {
  id: true,
  recipient: true,
  template: true,
  subject: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  requestId: true,
  createdAt: true,
  sentAt: true,
} as const;

/**
 * The transport that delivers this server's e-mail, as the e-mail plugin chooses it.
 * With `log`, a `sent` row was only kept (written to the log, read in the mailbox), and
 * the mailbox says so rather than "Sent". The row does not record it: a row sent before
 * the transport was changed is described by the current one.
 */
function transportOf(ctx: Ctx): OutboxTransport {
  return ctx.config.EMAIL_TRANSPORT === 'smtp' ? 'smtp' : 'log';
}

function withKnownStatus<Row extends { status: string }>(row: Row, transport: OutboxTransport) {
  // Rows are written only by the outbox; anything else would be a bug worth a 500.
  return { ...row, status: outboxStatusSchema.parse(row.status), transport };
}

/** The newest messages first, filtered by part of an address, a template or a status. */
export async function listMessages(ctx: Ctx, input: z.output<typeof listOutboxInputSchema>) {
  const rows = await ctx.db.emailOutbox.findMany({
    where: {
      ...(input.recipient ? { recipient: { contains: input.recipient.toLowerCase() } } : {}),
      ...(input.template ? { template: input.template } : {}),
      ...(input.status ? { status: input.status } : {}),
    },
    select: summary,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => withKnownStatus(row, transportOf(ctx))),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function readMessage(ctx: Ctx, id: string) {
  const row = await ctx.db.emailOutbox.findUnique({
    where: { id },
    select: { ...summary, messageId: true, html: true, text: true },
  });
  if (!row) throw new AppError('NOT_FOUND');
  return withKnownStatus(row, transportOf(ctx));
}

// The templates bring React and React Email: loaded by the first screen that shows them,
// not at start-up (docs/decisions/0017-performance.md).
const loadTemplates = () => import('../../email/templates/index.ts');

export async function listTemplates() {
  const { emailTemplates } = await loadTemplates();
  return Object.values(emailTemplates).map(({ name, description }) => ({ name, description }));
}

export async function previewTemplate(name: string) {
  const { isEmailTemplateName, renderFixture } = await loadTemplates();
  if (!isEmailTemplateName(name)) throw new AppError('NOT_FOUND');
  return { name, ...(await renderFixture(name)) };
}
