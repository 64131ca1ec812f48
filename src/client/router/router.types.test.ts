import { describe, expect, it } from 'vitest';
import type { AnyTarget, Target } from './router.tsx';

// The checks are tsc's (npm run typecheck): links accept only the route table's paths,
// with the :name values and search values each takes. The runtime assertion only keeps vitest content.
describe('link targets', () => {
  it('are checked against the route table', () => {
    const targets: AnyTarget[] = [
      { to: '/status' },
      { to: '/mailbox/:id', params: { id: 'e1' } },
      { to: '/mailbox', search: { status: 'sent' } },
    ];
    // @ts-expect-error no such route
    const missing: Target<'/nowhere'> = { to: '/nowhere' };
    // @ts-expect-error :id needs a value
    const noParams: Target<'/mailbox/:id'> = { to: '/mailbox/:id' };
    // @ts-expect-error not a status the mailbox knows
    const badSearch: Target<'/mailbox'> = { to: '/mailbox', search: { status: 'lost' } };
    // @ts-expect-error /status takes no search values
    const extraSearch: Target<'/status'> = { to: '/status', search: { page: 2 } };
    expect([...targets, missing, noParams, badSearch, extraSearch]).toHaveLength(7);
  });
});
