import { describe, expect, it } from 'vitest';
import { customOperationPermission, entityPermission, eventPermission } from './permission-names.ts';

describe('permission names of the specification', () => {
  it('spells entity actions as action:entity:any|own in kebab case', () => {
    expect(entityPermission('WorkOrder', 'read', 'own')).toBe('read:work-order:own');
    expect(entityPermission('PartLine', 'archive', 'all')).toBe('archive:part-line:any');
  });

  it('spells state events and custom operations the same way', () => {
    expect(eventPermission('WorkOrder', 'startRepair', 'own')).toBe('start-repair:work-order:own');
    expect(customOperationPermission('dayPlan')).toBe('call:day-plan:any');
  });
});
