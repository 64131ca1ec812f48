import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../../shared/errors.ts';

/**
 * A key as clients send it: 1–255 visible ASCII characters without `"`, `,` or `\`
 * (a UUID fits; the IETF draft's sf-string, optionally in its quotes).
 */
const KEY = /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]{1,255}$/;

function keyFrom(raw: string, header: string): string {
  const trimmed = raw.trim();
  const value =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (!KEY.test(value)) {
    throw new AppError('BAD_REQUEST', {
      message: `${header} must be 1–255 visible characters without quotes, commas or backslashes, such as a UUID.`,
    });
  }
  return value;
}

/** How the request carried its calls: one call, or a batch of `size` (tRPC's `?batch=1`). */
export interface CallShape {
  isBatchCall: boolean;
  size: number;
}

/**
 * The idempotency key a call of a request carries, or null (docs/decisions/0038).
 * - One call: `Idempotency-Key: <key>`, as the IETF draft names it.
 * - A batch: `Idempotency-Keys: "k0", "", "k2"`, one entry per call in batch order,
 *   empty for a call without one (a list, so each call of a batch has its own key and
 *   a retried batch is recognised call by call). `Idempotency-Key` alone is accepted
 *   on a batch of one call, and refused on a longer batch: it could not say whose it is.
 */
export function idempotencyKeyOf(headers: IncomingHttpHeaders, shape: CallShape, batchIndex: number): string | null {
  const single = headers['idempotency-key'];
  const list = headers['idempotency-keys'];
  if (typeof list === 'string') {
    if (!shape.isBatchCall)
      throw new AppError('BAD_REQUEST', { message: 'Idempotency-Keys is for a batch; send Idempotency-Key.' });
    const entries = list.split(',');
    if (entries.length !== shape.size) {
      throw new AppError('BAD_REQUEST', {
        message: `Idempotency-Keys has ${entries.length} entries for a batch of ${shape.size} calls.`,
      });
    }
    const entry = entries[batchIndex]?.trim() ?? '';
    return entry === '' || entry === '""' ? null : keyFrom(entry, 'Idempotency-Keys');
  }
  if (typeof single !== 'string') return null;
  if (shape.isBatchCall && shape.size !== 1) {
    throw new AppError('BAD_REQUEST', {
      message: 'Idempotency-Key names one call; a batch sends Idempotency-Keys, one entry per call.',
    });
  }
  return keyFrom(single, 'Idempotency-Key');
}
