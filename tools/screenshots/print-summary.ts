import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { screenshotsFolder } from './folder.ts';

/** Tells the reviewer where to look and how many pictures there are. */
export default function printSummary(): void {
  const count = readdirSync(screenshotsFolder).filter((file) => file.endsWith('.png')).length;
  console.log(`\n${count} screenshots in ${relative(process.cwd(), screenshotsFolder) || '.'}/ (${screenshotsFolder})`);
}
