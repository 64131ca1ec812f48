import { expectNoAccessibilityViolations } from './axe.ts';
import { test } from './fixtures.ts';
import { openScreen, themes } from './open-screen.ts';
import { screenPath, screens } from './screens.ts';

test.use({
  // The setup screen with a made-up token: the server refuses it, which the browser logs:
  // 400 while no administrator exists, 409 once an earlier journey has made one. And axe tries its script in every frame: the e-mail's sandbox refuses it, as it
  // should, and Chromium logs that when the frame has loaded first. One pattern: a second
  // element would be read as the option's settings.
  allowedConsoleErrors: [
    /^Failed to load resource: the server responded with a status of (400|409)\b|^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
  ],
});

// Every screen of e2e/screens.ts, in both themes, at the project's width (desktop and phone).
for (const screen of screens) {
  for (const theme of themes) {
    test(`${screen.name} has no accessibility violation in the ${theme} theme`, async ({ page, baseURL }) => {
      await openScreen(page, screen, theme, baseURL ?? '');
      const where = `${screen.name} (${screenPath(screen, { mailboxMessageId: ':id' })}), ${theme} theme`;
      await expectNoAccessibilityViolations(page, where);
    });
  }
}
