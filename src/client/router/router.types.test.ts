import { describe, expect, it } from 'vitest';
import type { AnyTarget, NavigateTarget, Target } from './router.tsx';
import { safeRedirect } from './safe-redirect.ts';

// The checks are tsc's (npm run typecheck): links accept only the route table's paths,
// with the :name values and search values each takes. The runtime assertion only keeps vitest content.
describe('link targets', () => {
  it('are checked against the route table', () => {
    const targets: AnyTarget[] = [
      { to: '/status' },
      { to: '/mailbox/:id', params: { id: 'e1' } },
      { to: '/mailbox', search: { status: 'sent' } },
      { to: '/sign-in', search: { redirect: safeRedirect('/account') } },
    ];
    // @ts-expect-error no such route
    const missing: Target<'/nowhere'> = { to: '/nowhere' };
    // @ts-expect-error :id needs a value
    const noParams: Target<'/mailbox/:id'> = { to: '/mailbox/:id' };
    // @ts-expect-error not a status the mailbox knows
    const badSearch: Target<'/mailbox'> = { to: '/mailbox', search: { status: 'lost' } };
    // @ts-expect-error /status takes no search values
    const extraSearch: Target<'/status'> = { to: '/status', search: { page: 2 } };
    // @ts-expect-error a return address must have passed safeRedirect
    const uncheckedReturn: Target<'/sign-in'> = { to: '/sign-in', search: { redirect: '//evil.example' } };
    expect([...targets, missing, noParams, badSearch, extraSearch, uncheckedReturn]).toHaveLength(9);
  });

  it('navigation to an address takes only one checked by safeRedirect', () => {
    const checked: NavigateTarget<'/'> = { href: safeRedirect('/account'), replace: true };
    // @ts-expect-error a plain string could lead to another site
    const unchecked: NavigateTarget<'/'> = { href: '//evil.example' };
    expect([checked, unchecked]).toHaveLength(2);
  });
});
