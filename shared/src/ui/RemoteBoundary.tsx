import { Component, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { AreaUnavailable } from './AreaUnavailable.js';
import { LoadingState } from './LoadingState.js';

export interface RemoteBoundaryProps {
  /** the area's title, shown while loading and when it fails */
  title: string;
  children: ReactNode;
  /** called on Retry, e.g. to create a new React.lazy (a lazy keeps its rejection forever) */
  onRetry?: () => void;
  /** the failure screen's reason for an error (default describeLoadError); never raw developer text */
  describeError?: (error: unknown) => string;
  /** told of each failure once, e.g. to report it */
  onError?: (error: unknown) => void;
  /** a failure screen is dropped when this changes (the route), so a failure does not follow the user */
  resetKey?: string;
}

/** Whether an error says the area's code could not be fetched (rather than that it failed once running). */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /chunk|remote ?entry|dynamically imported module|ScriptExternalLoadError|RUNTIME-00\d|Failed to fetch|Loading script failed/i.test(message);
}

/**
 * A short, human reason for the failure screen. An error's own message is developer text (often minified:
 * "(0 , A.x) is not a function"), so it is never shown; the console keeps it.
 */
export function describeLoadError(error: unknown): string {
  if (isLoadFailure(error)) return 'Its code could not be loaded. Check your connection and try again.';
  return 'Something went wrong while showing it. Try again; if it keeps happening, tell your administrator.';
}

/**
 * Isolates one area (a remote's routes): while it loads a LoadingState shows, and if it throws the
 * area shows "This area is unavailable" with Retry while the rest of the app keeps working.
 * Retry remounts the children under a fresh key.
 */
export function RemoteBoundary({ title, children, onRetry, describeError = describeLoadError, onError, resetKey }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    onRetry?.();
    setAttempt((n) => n + 1);
  };
  return (
    <ErrorCatcher key={attempt} resetKey={resetKey} onError={onError} fallback={(error) => <AreaUnavailable title={title} reason={describeError(error)} onRetry={retry} />}>
      <Suspense fallback={<LoadingState text={`Loading ${title}...`} />}>{children}</Suspense>
    </ErrorCatcher>
  );
}

interface ErrorCatcherProps {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
  onError?: (error: unknown) => void;
  resetKey?: string;
}

interface ErrorCatcherState {
  error: unknown;
  failed: boolean;
  resetKey?: string;
}

class ErrorCatcher extends Component<ErrorCatcherProps, ErrorCatcherState> {
  override state: ErrorCatcherState = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorCatcherProps, state: ErrorCatcherState): Partial<ErrorCatcherState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failed: false, error: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Area failed to render:', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
