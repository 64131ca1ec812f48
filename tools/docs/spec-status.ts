/** `npm run spec:status`: the nine points of the specification, their status and homes. */
import { specPoints } from './spec-points.ts';

const specified = specPoints.filter((point) => point.status === 'specified').length;
console.log(`Specification: ${specified} of ${specPoints.length} points specified.\n`);
for (const point of specPoints) {
  const mark = point.status === 'specified' ? '[x]' : '[ ]';
  console.log(`${mark} ${point.number}. ${point.title} (${point.status})`);
  console.log(`      home:  ${point.homes.join(', ')}`);
  console.log(`      today: ${point.today}`);
}
console.log('\nThe map with recipes: docs/spec.md');
