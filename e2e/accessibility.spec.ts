import { expectNoAccessibilityViolations } from './axe.ts';
import { test } from './fixtures.ts';
import { openScreen, switchTheme, themes } from './open-screen.ts';
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

// Every screen of e2e/screens.ts, in both themes, at the project's width (desktop and phone):
// opened in the light theme, then switched to the dark one as the system's preference (the
// app follows it live, theme.ts), so each screen is opened and signed in to once.
for (const screen of screens) {
  test(`${screen.name} has no accessibility violation in either theme`, async ({ page, baseURL }) => {
    const [first, ...others] = themes;
    if (!first) throw new Error('No theme to check');
    await openScreen(page, screen, first, baseURL ?? '');
    const path = screenPath(screen, { mailboxMessageId: ':id' });
    await expectNoAccessibilityViolations(page, `${screen.name} (${path}), ${first} theme`);
    for (const theme of others) {
      await switchTheme(page, theme);
      await expectNoAccessibilityViolations(page, `${screen.name} (${path}), ${theme} theme`);
    }
  });
}
