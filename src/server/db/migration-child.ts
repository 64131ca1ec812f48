/**
 * The entry of the short-lived process the server starts to apply pending migrations
 * (migration-process.ts; docs/decisions/0043-migrations-in-a-child-process.md). It waits
 * for one request over IPC, applies the migrations with the schema engine, answers with
 * the names applied or the error, and exits: its memory goes back to the system.
 */
import { migrateDatabase } from './migrations.ts';
import type { MigrationReply, MigrationRequest } from './migration-process.ts';

// Ctrl-C signals the whole process group. A SQLite migration cut halfway stays half
// applied, so this process finishes; the server waits for it, then shuts down.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);

if (!process.send) {
  console.error('This is the server\'s migration process; apply migrations with "db migrate" (src/scripts/db.ts).');
  process.exit(2);
}

process.once('message', (request: MigrationRequest) => {
  void migrate(request);
});

async function migrate({ databaseUrl, paths }: MigrationRequest): Promise<void> {
  let reply: MigrationReply;
  try {
    reply = { applied: await migrateDatabase(databaseUrl, paths) };
  } catch (error) {
    reply = { error: describe(error) };
  }
  const exitCode = 'applied' in reply ? 0 : 1;
  // If the server has gone, nobody waits for the answer: exit all the same.
  if (!process.connected || !process.send) process.exit(exitCode);
  process.send(reply, () => process.exit(exitCode));
}

function describe(error: unknown): Extract<MigrationReply, { error: unknown }>['error'] {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    message: error.message,
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
  };
}
