import type { ReactNode } from 'react';
import type { Permission } from '../../shared/permissions.ts';
import { GuardedScreen } from '../components/guarded-screen.tsx';
import { viewerCan, type Viewer } from '../viewer/use-viewer.ts';
import type { Holds } from './screen-access.ts';
import { mayOpenScreen } from './screen-who.ts';
import type { SpecScreen } from './spec-screen.ts';

/** The viewer's permissions as screen-access.ts asks for them (strings the spec's names spell). */
export const holdsOf =
  (viewer: Viewer): Holds =>
  (permission) =>
    viewerCan(viewer, permission as Permission);

/**
 * [2] The frame of every specification screen: its title, and its `who` checked as
 * GuardedScreen checks a permission, before any of its calls leaves (visitors are asked
 * to sign in, other roles see "You do not have permission"). The server checks again.
 */
export function SpecScreenFrame({
  screen,
  title = screen.title,
  actions,
  children,
}: {
  screen: Pick<SpecScreen, 'who' | 'title'>;
  /** The heading, when it is more than the screen's title (a record's name). */
  title?: string;
  actions?: (viewer: Viewer) => ReactNode;
  children: (viewer: Viewer) => ReactNode;
}) {
  return (
    <GuardedScreen title={title} allow={(viewer) => mayOpenScreen(screen, viewer.role)} actions={actions}>
      {children}
    </GuardedScreen>
  );
}
