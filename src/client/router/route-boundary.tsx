import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** What a route's error screen gets: a way to try the route again. */
export interface RouteErrorProps {
  reset: () => void;
}

interface Props {
  children: ReactNode;
  fallback: ComponentType<RouteErrorProps>;
  /** Before the route renders again: forget what failed (a chunk that could not be fetched). */
  onReset: () => void;
}

/** Catches a route's render or load failure and shows the error screen in its place, inside the shell. */
export class RouteBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed', error, info.componentStack);
  }

  private readonly reset = () => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    const Fallback = this.props.fallback;
    return this.state.failed ? <Fallback reset={this.reset} /> : this.props.children;
  }
}
