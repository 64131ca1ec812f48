/**
 * The nine points of the product's specification, where each lives in the code,
 * and whether the specification has supplied it. This record drives the status
 * table in docs/spec.md (`npm run docs`) and `npm run spec:status`; when a point
 * arrives, write it into its homes and flip its status here.
 */
export type SpecStatus = 'specified' | 'not specified';

export interface SpecPoint {
  number: number;
  title: string;
  status: SpecStatus;
  /** Repository paths of the point's homes; a test fails when one does not exist. */
  homes: readonly string[];
  /** What is there today, in one sentence. */
  today: string;
}

export const specPoints: readonly SpecPoint[] = [
  {
    number: 1,
    title: 'What it does and for whom',
    status: 'not specified',
    homes: ['src/shared/product.ts'],
    today: 'Name, description and audience say "not specified"; the title, the shell and system.info read them.',
  },
  {
    number: 2,
    title: 'Screens and routes',
    status: 'not specified',
    homes: ['src/client/routes.tsx', 'src/client/navigation.ts', 'src/client/screens/'],
    today:
      'Home, status, not-found; sign-up, sign-in, verification, forgot and reset password; account; admin; mailbox; and the /records placeholder screen.',
  },
  {
    number: 3,
    title: 'Entities and fields',
    status: 'not specified',
    homes: ['prisma/models.prisma', 'src/shared/schemas/', 'src/server/db/selects.ts'],
    today:
      'Identity (User, Session, Account, Verification, Apikey) and the e-mail outbox (EmailOutbox); no domain entity, no table for records.',
  },
  {
    number: 4,
    title: 'States and transitions',
    status: 'not specified',
    homes: ['src/shared/states.ts'],
    today: 'The defineMachine/transition helper, tested on a machine inside its test; no domain machine.',
  },
  {
    number: 5,
    title: 'Validation rules',
    status: 'not specified',
    homes: ['src/shared/schemas/'],
    today: 'Bounded building blocks (common.schema.ts) and the placeholder contracts (records.schema.ts).',
  },
  {
    number: 6,
    title: 'Roles and permissions',
    status: 'not specified',
    homes: ['src/shared/permissions.ts', 'src/server/trpc/init.ts', 'docs/access.md'],
    today:
      "The foundation's assumed roles, admin and member; every procedure declares public, signed-in or a permission.",
  },
  {
    number: 7,
    title: 'Calls it makes, including transactional e-mail',
    status: 'not specified',
    homes: [
      'src/server/router.ts',
      'src/server/features/',
      'src/server/trpc/procedure.ts',
      'src/server/email/templates/',
    ],
    today:
      'system, auth, admin and mailbox operations are real; records.list, records.get, records.create are placeholders. E-mail: verify-email and reset-password are sent; sample-notice is the pattern.',
  },
  {
    number: 8,
    title: 'Error catalogue',
    status: 'not specified',
    homes: ['src/shared/errors.ts', 'docs/errors.md'],
    today: "The foundation's catalogue (validation, auth, not found, conflict, limits, internal, not implemented).",
  },
  {
    number: 9,
    title: 'Business constants and limits',
    status: 'not specified',
    homes: ['src/shared/constants.ts'],
    today: "The foundation's default bounds for text, lists and pages.",
  },
];
