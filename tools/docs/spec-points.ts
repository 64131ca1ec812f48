import type { PointName } from '../../src/shared/spec/points.ts';

/**
 * The nine points of the product's specification and where each lives in the code.
 * Whether a point is specified is read from spec/<point>.ts (tools/spec/spec-model.ts),
 * never written here. This record and that status drive the table in docs/spec.md
 * (`npm run docs`) and `npm run spec:status`.
 */
export interface SpecPoint {
  number: number;
  name: PointName;
  title: string;
  /** Repository paths of the point's homes; a test fails when one does not exist. */
  homes: readonly string[];
  /** What is there today, in one sentence. */
  today: string;
}

export const specPoints: readonly SpecPoint[] = [
  {
    number: 1,
    name: 'product',
    title: 'What it does and for whom',
    homes: ['spec/product.ts', 'src/shared/product.ts', 'src/shared/generated/product.ts'],
    today:
      'Compiled by `npm run spec`; until spec/product.ts says, name, description and audience say "not specified". The title, the shell and system.info read them.',
  },
  {
    number: 2,
    name: 'screens',
    title: 'Screens and routes',
    homes: [
      'spec/screens.ts',
      'src/client/generated/',
      'src/client/spec-screens/',
      'src/client/routes.tsx',
      'src/client/navigation.ts',
      'src/client/screens/',
    ],
    today:
      'Compiled by `npm run spec` into route and navigation entries over the list, detail and form building blocks (custom screens: owned files); none until spec/screens.ts names some. The foundation has home, status, not-found; sign-up, sign-in, verification, forgot and reset password; account; admin; mailbox; and the /records placeholder screen.',
  },
  {
    number: 3,
    name: 'entities',
    title: 'Entities and fields',
    homes: [
      'spec/entities.ts',
      'prisma/models.prisma',
      'src/shared/generated/entities.ts',
      'src/server/generated/selects.ts',
      'src/shared/schemas/',
      'src/server/db/selects.ts',
    ],
    today:
      'Compiled by `npm run spec` into the marked part of models.prisma, entity metadata, zod schemas and selects. By hand: identity (User, Session, Account, Verification, Apikey) and the e-mail outbox (EmailOutbox).',
  },
  {
    number: 4,
    name: 'states',
    title: 'States and transitions',
    homes: ['spec/states.ts', 'src/server/spec-runtime/transitions.ts', 'src/shared/states.ts'],
    today:
      "Compiled by `npm run spec` into each entity's metadata; the runtime fires events as `<entity>.<event>` (compare-and-set on state and version, required fields, guards, a SpecTransition history row) and answers `<entity>.history`.",
  },
  {
    number: 5,
    name: 'rules',
    title: 'Validation rules',
    homes: [
      'spec/rules.ts',
      'src/shared/generated/rules.ts',
      'src/server/spec-runtime/rules.ts',
      'src/shared/schemas/',
    ],
    today:
      "Compiled by `npm run spec` into resolved rules the runtime checks in the write's transaction (compare, time window, no overlap, count per period): guards on their events, the others on every create, update and event. Field bounds: common.schema.ts and the entity schemas.",
  },
  {
    number: 6,
    name: 'roles',
    title: 'Roles and permissions',
    homes: [
      'spec/roles.ts',
      'src/shared/permissions.ts',
      'src/shared/generated/permissions.ts',
      'src/server/trpc/init.ts',
      'docs/access.md',
    ],
    today:
      "Compiled by `npm run spec` into permissions (`read:work-order:own`, events, `call:…`) and roles, added after the foundation's admin and member; every procedure declares public, signed-in or a permission.",
  },
  {
    number: 7,
    name: 'calls',
    title: 'Calls it makes, including transactional e-mail',
    homes: [
      'spec/calls.ts',
      'src/server/router.ts',
      'src/server/generated/routers.ts',
      'src/server/spec-runtime/',
      'src/server/features/',
      'src/server/trpc/procedure.ts',
      'src/server/email/templates/',
    ],
    today:
      'Standard operations compile into one router per entity on the runtime (list with search, filters, sort and cursor; get; create; update and archive at a version; events). system, auth, admin and mailbox are real; records.* are placeholders until spec/calls.ts names operations. E-mail: verify-email and reset-password are sent; sample-notice is the pattern.',
  },
  {
    number: 8,
    name: 'errors',
    title: 'Error catalogue',
    homes: ['spec/errors.ts', 'src/shared/errors.ts', 'src/shared/generated/error-codes.ts', 'docs/errors.md'],
    today:
      "Compiled by `npm run spec` into catalogue entries after the foundation's (validation, auth, not found, conflict, limits, internal, not implemented).",
  },
  {
    number: 9,
    name: 'constants',
    title: 'Business constants and limits',
    homes: ['spec/constants.ts', 'src/shared/constants.ts', 'src/shared/generated/constants.ts'],
    today:
      "Compiled by `npm run spec` into specConstants, beside the foundation's default bounds for text, lists and pages.",
  },
];
