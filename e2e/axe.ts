import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: what every screen is held to. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe-core on the page as it is now and fails naming each violation and where it is. */
export async function expectNoAccessibilityViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(wcagTags)
    // An e-mail's HTML, drawn in a sandbox without scripts: axe cannot run inside, and
    // the e-mail is the template's, not the screen's (src/server/email/templates).
    .exclude('iframe[sandbox]')
    .analyze();
  const found = violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'no impact given'}) on ${where}: ${violation.help}`,
      ...violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    ].join('\n'),
  );
  expect(found, `axe-core found violations on ${where}:\n${found.join('\n')}`).toEqual([]);
}
