import type { SVGProps } from 'react';

/**
 * The few lucide icons the first paint draws (header triggers, the signed-out banner,
 * the route error), as plain SVG. lucide-react's icon factory and its helpers weigh
 * more than the icons themselves, and the first chunk has a budget (decision 0027);
 * lazy screens import lucide-react as usual. first-paint-icons.test.ts holds each
 * one to lucide's own drawing, so an upgrade that changes one fails the test.
 */
type IconNode = readonly (
  readonly ['path', { d: string }] | readonly ['circle', { cx: string; cy: string; r: string }]
)[];

function icon(name: string, nodes: IconNode) {
  function Icon({ className, ...props }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
        aria-hidden="true"
        {...props}
      >
        {nodes.map(([tag, attributes], index) =>
          tag === 'path' ? <path key={index} {...attributes} /> : <circle key={index} {...attributes} />,
        )}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const SunIcon = icon('sun', [
  ['circle', { cx: '12', cy: '12', r: '4' }],
  ['path', { d: 'M12 2v2' }],
  ['path', { d: 'M12 20v2' }],
  ['path', { d: 'm4.93 4.93 1.41 1.41' }],
  ['path', { d: 'm17.66 17.66 1.41 1.41' }],
  ['path', { d: 'M2 12h2' }],
  ['path', { d: 'M20 12h2' }],
  ['path', { d: 'm6.34 17.66-1.41 1.41' }],
  ['path', { d: 'm19.07 4.93-1.41 1.41' }],
]);

export const MoonIcon = icon('moon', [
  [
    'path',
    {
      d: 'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401',
    },
  ],
]);

export const MenuIcon = icon('menu', [
  ['path', { d: 'M4 5h16' }],
  ['path', { d: 'M4 12h16' }],
  ['path', { d: 'M4 19h16' }],
]);

export const LogInIcon = icon('log-in', [
  ['path', { d: 'm10 17 5-5-5-5' }],
  ['path', { d: 'M15 12H3' }],
  ['path', { d: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4' }],
]);

export const RotateCwIcon = icon('rotate-cw', [
  ['path', { d: 'M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8' }],
  ['path', { d: 'M21 3v5h-5' }],
]);

export const TriangleAlertIcon = icon('triangle-alert', [
  ['path', { d: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3' }],
  ['path', { d: 'M12 9v4' }],
  ['path', { d: 'M12 17h.01' }],
]);
