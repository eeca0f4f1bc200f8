import { Component, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

interface State {
  failed: boolean;
}

/** Catches render failures outside the router (providers, layout) and shows the error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Render failure', error);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
