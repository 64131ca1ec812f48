import { afterAll } from 'vitest';
import { endFile } from './file-end.ts';

// Registered before the test file's own hooks, so it runs after them (vitest runs `after` hooks as a stack).
afterAll(endFile);
