import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code (src/**/*.test.ts). Each test
// file gets its own SQLite database, copied from one migrated in global set-up.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
