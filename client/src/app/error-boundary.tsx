import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

/** A render error shows the 500 page instead of a blank screen (SPEC section 2: error pages for 404 and 500). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPage status={500} /> : this.props.children;
  }
}
