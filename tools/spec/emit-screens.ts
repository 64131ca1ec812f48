import type { ScreensSpec } from '../../src/shared/spec/screens.ts';
import type { SpecScreen } from '../../src/client/spec-screens/spec-screen.ts';
import { generatedHeader } from './emit-typescript.ts';
import { kebab } from './resolve-entities.ts';

/**
 * [2] The screens: one derived file (src/client/generated/screens.ts) with each screen's
 * route, title, kind, entity and who, and the route table's entries routes.tsx merges.
 * List, detail and form screens are the building blocks of src/client/spec-screens/,
 * told which screen they are; a custom screen is an owned file, written once.
 */

const literal = (value: unknown) => JSON.stringify(value, null, 2);

/** '/work-orders/$id' (the spec's, TanStack's spelling) → '/work-orders/:id' (the route table's). */
export const tablePath = (route: string) => route.replace(/\/\$(\w+)/g, '/:$1');

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The owned file of a custom screen, and its component's name. */
export function customScreenFile(name: string): { path: string; component: string } {
  return { path: `src/client/screens/custom/${kebab(name)}.tsx`, component: `${pascal(name)}Screen` };
}

/** Each screen as the client knows it, in the spec's order. */
export function specScreensOf(screens: ScreensSpec): SpecScreen[] {
  return Object.entries(screens).map(([name, screen]) => ({
    name,
    route: tablePath(screen.route),
    title: screen.title,
    kind: screen.kind,
    entity: screen.kind === 'custom' ? null : screen.entity,
    who: screen.who,
  }));
}

/** [2] The table of every screen (src/client/generated/screens.ts): what the screens' chunks and owned screens read. */
export function emitScreens(screens: ScreensSpec): string {
  const entries = specScreensOf(screens).map((screen) => `  ${screen.name}: ${literal(screen)},`);
  return `${generatedHeader('screens')}
import type { SpecScreen } from '../spec-screens/spec-screen.ts';

/** [2] The specification's screens, by name: route, title, kind, entity and who sees it. */
export const specScreens = {
${entries.join('\n')}
} as const satisfies Record<string, SpecScreen>;
`;
}

/**
 * [2] The route table's entries and the navigation's (src/client/generated/routes.ts),
 * apart from the screen table: they ship in the first chunk, whose budget is tight
 * (docs/performance.md), so they hold only paths, names and who may see them.
 */
export function emitScreenRoutes(screens: ScreensSpec): string {
  const list = specScreensOf(screens);
  const routes = list.map((screen) => {
    const key = JSON.stringify(screen.route);
    if (screen.kind !== 'custom')
      return `  ${key}: { screen: specScreen('${screen.name}')${screen.kind === 'list' ? ', search: listSearchValues' : ''} },`;
    const { path, component } = customScreenFile(screen.name);
    const from = `../${path.replace(/^src\/client\//, '')}`;
    return `  ${key}: { screen: lazyScreen(() => import('${from}'), '${component}') },`;
  });
  const navigation = list
    .filter((screen) => (screen.kind === 'list' || screen.kind === 'custom') && !screen.route.includes(':'))
    .map((screen) => `  ${literal({ to: screen.route, label: screen.title, who: screen.who })},`);
  const imports = [
    list.some((screen) => screen.kind === 'custom') ? "import { lazyScreen } from '../router/lazy-screen.ts';" : '',
    "import type { RouteTable } from '../router/router.tsx';",
    list.some((screen) => screen.kind === 'list')
      ? "import { listSearchValues } from '../spec-screens/list-search.ts';"
      : '',
    list.some((screen) => screen.kind !== 'custom')
      ? "import { specScreen } from '../spec-screens/spec-screen.ts';"
      : '',
    "import type { SpecNavItem } from '../spec-screens/screen-who.ts';",
  ].filter(Boolean);
  return `${generatedHeader('screens')}
${imports.join('\n')}

/**
 * [2] The route table's entries for the specification's screens, merged by
 * src/client/routes.tsx: a list, detail or form screen is its kind's building block
 * (src/client/spec-screens/), loaded with its own chunk; a list keeps its search in the
 * address; a custom screen is its owned file.
 */
export const specRoutes = {
${routes.join('\n')}
} satisfies RouteTable;

/** [2] The list and custom screens in the navigation, for the roles in their \`who\` (navigation.ts). */
export const specNavigation: readonly SpecNavItem[] = [
${navigation.join('\n')}
];
`;
}

/** The owned file of a custom screen: an honest "to be written" screen, typed against the derived screen table. */
export function emitCustomScreen(name: string, title: string): string {
  const { component } = customScreenFile(name);
  return `// Owned: written once by \`npm run spec\` from spec/screens.ts, then yours. \`npm run spec\` never overwrites it.
import { FileQuestionIcon } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { specScreens } from '../../generated/screens.ts';
import { SpecScreenFrame } from '../../spec-screens/spec-screen-frame.tsx';

const screen = specScreens.${name};

/** [2] ${title}: a custom screen of the specification (spec/screens.ts), still to be written. */
export function ${component}() {
  return (
    <SpecScreenFrame screen={screen}>
      {() => (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <FileQuestionIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            <h2 className="text-lg font-semibold">Not written yet</h2>
            <p className="max-w-prose text-sm text-muted-foreground">
              This screen is part of the product, and it is still being written. Nothing is shown here until it is.
            </p>
          </CardContent>
        </Card>
      )}
    </SpecScreenFrame>
  );
}
`;
}
