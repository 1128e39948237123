import { Component, type ErrorInfo, type ReactNode } from 'react';
import { applyFullStyles } from '../../lib/full-styles';
import { reportError } from '../../lib/reporting';
import { isChunkLoadError } from './chunk-load-error';
import { createErrorId } from './error-id.utils';
import { ErrorScreen } from './error-screen';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** Loads the page afresh (tests pass their own). */
  reloadPage?: () => void;
};

type ErrorBoundaryState = {
  error: unknown;
  errorId: string | null;
};

/**
 * Catches render errors below it, shows the generic error screen and reports the error
 * (error_type react_error_boundary) with the same Error ID the user sees.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, errorId: null };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, errorId: createErrorId() };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A pre-rendered page's small sheet has no rules for the error screen.
    applyFullStyles();
    void reportError({
      errorType: 'react_error_boundary',
      error,
      componentStack: info.componentStack ?? undefined,
      errorId: this.state.errorId ?? undefined,
    });
  }

  // A page whose code failed to load fails the same way when rendered again (React.lazy keeps the
  // failed import): Try Again reloads the page then, which fetches the code anew.
  private readonly handleTryAgain = () => {
    if (isChunkLoadError(this.state.error)) {
      (this.props.reloadPage ?? (() => window.location.reload()))();
      return;
    }
    this.setState({ error: null, errorId: null });
  };

  override render() {
    if (this.state.errorId !== null) {
      return <ErrorScreen errorId={this.state.errorId} onTryAgain={this.handleTryAgain} />;
    }
    return this.props.children;
  }
}
