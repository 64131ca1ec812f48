import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { specEmails } from '../generated/emails.ts';
import type { TransactionClient } from '../db/transaction.ts';
import type { EmailPort } from '../email/email-port.ts';
import type { EmailTemplate } from '../email/templates/index.ts';
import type { EmailMeta, EmailValueMeta } from './email-meta.ts';
import { modelOf, type Row } from './model-delegate.ts';

/**
 * [7] The transactional e-mails of a state event: queued in the outbox inside the
 * event's transaction (the e-mail port joins it), so they are sent once, after the
 * commit, or never if it rolls back. The idempotency key is the e-mail, the record and
 * the version the event made: one e-mail per transition, whatever retries.
 */
const emails: readonly EmailMeta[] = specEmails;

const locale = 'en-GB';

/** A stored value written out for people: money in its currency, times on the field's clock. */
export function formatValue(value: unknown, format: EmailValueMeta['format']): string | null {
  if (value === null || value === undefined) return null;
  switch (format.kind) {
    case 'money': {
      const money = new Intl.NumberFormat(locale, { style: 'currency', currency: format.currency });
      const digits = money.resolvedOptions().maximumFractionDigits ?? 2;
      return money.format(Number(value) / 10 ** digits);
    }
    case 'date':
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${value as string}T00:00:00Z`),
      );
    case 'dateTime':
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: format.zone }).format(
        value as Date,
      );
    case 'boolean':
      return value === true ? 'yes' : 'no';
    case 'enum':
      return (value as string).replaceAll('_', ' ');
    case 'text':
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      // A Decimal: its plain digits ('12.5', never '1.25e+1').
      return typeof value === 'object' && 'toFixed' in value ? (value as { toFixed(): string }).toFixed() : null;
  }
}

type Select = Record<string, true | { select: Select }>;

/** A nested Prisma select reaching every path: ['vehicle', 'plate'] → { vehicle: { select: { plate: true } } }. */
export function selectPaths(paths: readonly (readonly string[])[]): Select {
  const select: Select = {};
  for (const path of paths) {
    let level = select;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        level[segment] ??= true;
        return;
      }
      const next = level[segment];
      const nested: Select = typeof next === 'object' ? next.select : {};
      level[segment] = { select: nested };
      level = nested;
    });
  }
  return select;
}

function read(row: Row | null, path: readonly string[]): unknown {
  let value: unknown = row;
  for (const segment of path) value = (value as Row | null | undefined)?.[segment];
  return value;
}

/** Queues the e-mails `event` of `meta` sends for record `id`, now at `version`. */
export async function queueEventEmails(
  tx: TransactionClient,
  email: EmailPort,
  meta: EntityMeta,
  event: string,
  id: string,
  version: number,
): Promise<void> {
  const due = emails.filter((candidate) => candidate.entity === meta.name && candidate.event === event);
  if (due.length === 0) return;
  const select = selectPaths(due.flatMap((candidate) => [candidate.to, ...candidate.data.map(({ path }) => path)]));
  const row = await modelOf(tx, meta).findFirst({ where: { id }, select });
  for (const candidate of due) {
    const to = read(row, candidate.to);
    // No address (a customer without one, no technician yet): nobody to tell.
    if (typeof to !== 'string' || to === '') continue;
    const data = Object.fromEntries(
      candidate.data.map((value) => [value.key, formatValue(read(row, value.path), value.format)]),
    );
    await email.send({
      to,
      // The derived template registry types each spec e-mail's data; this row is built from the same metadata.
      template: { name: candidate.template, data } as unknown as EmailTemplate,
      idempotencyKey: `${candidate.template}:${id}:${version}`,
    });
  }
}
