import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClasses } from './first-paint-button.ts';

interface State {
  failed: boolean;
}

/**
 * The last line of defence: a render error anywhere outside a route (routes have
 * their own error screen) shows a plain message instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main
        className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
        role="alert"
      >
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">The page could not be shown. Reload to try again.</p>
        <button
          type="button"
          className={buttonClasses()}
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload
        </button>
      </main>
    );
  }
}
