import { join } from 'node:path';

/** Where `npm run screenshots` writes its PNGs (gitignored). */
export const screenshotsFolder = join(import.meta.dirname, '../../screenshots');
