import { limits } from '../shared/constants.ts';

/**
 * The audit trail's filters as they stand in the address
 * (`/admin/audit?actor=ada@example.com&procedure=admin.users.setRole&from=2026-11-01`).
 * Days are calendar days in the viewer's time zone, `to` included.
 */
export interface AuditSearch {
  actor?: string;
  procedure?: string;
  target?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const texts = ['actor', 'procedure', 'target', 'targetId'] as const;
const days = ['from', 'to'] as const;

/**
 * `validateSearch` for /admin/audit, by the rules of `listAuditInputSchema` (written
 * out: the route table ships in the first chunk, without zod). Anything else is
 * dropped, so a mangled address shows the whole trail instead of a route error.
 */
export function auditSearch(search: Record<string, unknown>): AuditSearch {
  const kept: AuditSearch = {};
  for (const name of texts) {
    const value = search[name];
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed && trimmed.length <= limits.text.short) kept[name] = trimmed;
  }
  for (const name of days) {
    const value = search[name];
    if (typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value))) kept[name] = value;
  }
  return kept;
}
