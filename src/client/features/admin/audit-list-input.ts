import type { ListAuditInput } from '../../../shared/schemas/audit.schema.ts';
import type { AuditSearch } from '../../audit-search.ts';

// Apart from audit-search.ts, whose reader ships in the first chunk with the route table.

/** Midnight at the start of a calendar day, in the viewer's time zone. */
function startOf(value: string, plusDays = 0): Date {
  const [year, month, date] = value.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + plusDays);
}

/** The list's input for the filters in the address: `to` runs to the end of its day. */
export function auditListInput(search: AuditSearch): Omit<ListAuditInput, 'cursor' | 'limit'> {
  return {
    ...(search.actor ? { actor: search.actor } : {}),
    ...(search.procedure ? { procedure: search.procedure } : {}),
    ...(search.target ? { targetType: search.target } : {}),
    ...(search.targetId ? { targetId: search.targetId } : {}),
    ...(search.from ? { from: startOf(search.from) } : {}),
    ...(search.to ? { to: startOf(search.to, 1) } : {}),
  };
}
