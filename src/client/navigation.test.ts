import { describe, expect, it } from 'vitest';
import { navigation, navigationFor } from './navigation.ts';

const spec = [
  { to: '/work-orders', label: 'Work orders', who: ['dispatcher', 'technician'] },
  { to: '/customers', label: 'Customers', who: ['dispatcher'] },
  { to: '/help', label: 'Help', who: 'signed-in' },
] as const;

describe('the navigation a person sees', () => {
  it('adds the spec’s screens whose who names their role', () => {
    expect(navigationFor('technician', spec).map((item) => item.label)).toEqual([
      ...navigation.map((item) => item.label),
      'Work orders',
      'Help',
    ]);
  });

  it('adds every spec screen for an administrator, and only public ones for a visitor', () => {
    expect(
      navigationFor('admin', spec)
        .slice(navigation.length)
        .map((item) => item.to),
    ).toEqual(['/work-orders', '/customers', '/help']);
    expect(navigationFor(null, spec)).toEqual(navigation);
  });

  it('is the foundation’s own while the spec names no screen', () => {
    expect(navigationFor('admin', [])).toEqual(navigation);
  });
});
