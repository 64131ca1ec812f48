import { adminRouter } from './features/admin/admin.router.ts';
import { jobsRouter } from './features/jobs/jobs.router.ts';
import { liveRouter } from './features/live/live.router.ts';
import { authRouter } from './features/auth/auth.router.ts';
import { mailboxRouter } from './features/mailbox/mailbox.router.ts';
import { recordsRouter } from './features/records/records.router.ts';
import { setupRouter } from './features/setup/setup.router.ts';
import { systemRouter } from './features/system/system.router.ts';
import { specRouters } from './generated/routers.ts';
import { router } from './trpc/procedure.ts';

/**
 * [7] The index of every router: the calls the product answers.
 * The client imports only the type below.
 */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  setup: setupRouter,
  admin: adminRouter,
  jobs: jobsRouter,
  mailbox: mailboxRouter,
  records: recordsRouter,
  live: liveRouter,
  // The specification's entities, by name (spec/calls.ts; compiled by npm run spec).
  ...specRouters,
});

export type AppRouter = typeof appRouter;
