import { describe, expect, it } from 'vitest';
import { auditSearch } from './audit-search.ts';
import { auditListInput } from './features/admin/audit-list-input.ts';

describe('auditSearch', () => {
  it('keeps the filters the list accepts, trimmed, and drops the rest', () => {
    expect(
      auditSearch({
        actor: ' ada@example.com ',
        procedure: 'admin.users.setRole',
        target: 'user',
        targetId: 'u1',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '3',
      }),
    ).toEqual({
      actor: 'ada@example.com',
      procedure: 'admin.users.setRole',
      target: 'user',
      targetId: 'u1',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(auditSearch({ actor: '', procedure: 'x'.repeat(121), from: 'yesterday', to: 7 })).toEqual({});
  });

  it('asks for whole days: from its first moment to the end of `to`', () => {
    const input = auditListInput({ from: '2026-11-01', to: '2026-11-30', target: 'user' });
    expect(input).toEqual({ targetType: 'user', from: new Date(2026, 10, 1), to: new Date(2026, 11, 1) });
  });
});
