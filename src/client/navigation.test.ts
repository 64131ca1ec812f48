import { describe, expect, it } from 'vitest';
import { navigation, navigationFor } from './navigation.ts';

const spec = [
  { to: '/work-orders', label: 'Work orders', who: ['dispatcher', 'technician'] },
  { to: '/customers', label: 'Customers', who: ['dispatcher'] },
  { to: '/help', label: 'Help', who: 'signed-in' },
] as const;

/** The foundation's entries once a spec has screens: its placeholder for the domain gone. */
const foundation = navigation.filter((item) => item.to !== '/records');

describe('the navigation a person sees', () => {
  it('adds the spec’s screens whose who names their role, in place of the placeholder', () => {
    expect(navigationFor('technician', spec).map((item) => item.label)).toEqual([
      ...foundation.map((item) => item.label),
      'Work orders',
      'Help',
    ]);
    expect(navigationFor('technician', spec).map((item) => item.label)).not.toContain('Records');
  });

  it('adds every spec screen for an administrator, and only public ones for a visitor', () => {
    expect(
      navigationFor('admin', spec)
        .slice(foundation.length)
        .map((item) => item.to),
    ).toEqual(['/work-orders', '/customers', '/help']);
    expect(navigationFor(null, spec)).toEqual(foundation);
  });

  it('is the foundation’s own, placeholder included, while the spec names no screen', () => {
    expect(navigationFor('admin', [])).toEqual(navigation);
    expect(navigationFor('admin', []).map((item) => item.label)).toContain('Records');
  });
});
