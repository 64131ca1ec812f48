import { mkdirSync, rmSync } from 'node:fs';
import { screenshotsFolder } from './folder.ts';

/** Starts from an empty folder, so no PNG of a screen that is gone stays behind. */
export default function emptyFolder(): void {
  rmSync(screenshotsFolder, { recursive: true, force: true });
  mkdirSync(screenshotsFolder, { recursive: true });
}
