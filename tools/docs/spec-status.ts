/** `npm run spec:status`: the nine points as spec/ states them (specified or not), with their homes. */
import { join } from 'node:path';
import { appRoot } from '../../src/server/paths.ts';
import { loadSpec } from '../spec/load.ts';
import { overallStatus, pointStatuses } from '../spec/spec-model.ts';
import { specPoints } from './spec-points.ts';

const spec = await loadSpec(join(appRoot, 'spec'));
const statuses = pointStatuses(spec);
const specified = specPoints.filter((point) => statuses[point.name] === 'specified').length;
console.log(`Specification: ${overallStatus(spec)} (${specified} of ${specPoints.length} points, read from spec/).\n`);
for (const point of specPoints) {
  const status = statuses[point.name];
  console.log(`${status === 'specified' ? '[x]' : '[ ]'} ${point.number}. ${point.title} (${status})`);
  console.log(`      home:  ${point.homes.join(', ')}`);
  console.log(`      today: ${point.today}`);
}
console.log('\nThe map with recipes: docs/spec.md; compile spec/ with `npm run spec`.');
