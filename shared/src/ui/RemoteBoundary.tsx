import { Component, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { AreaUnavailable } from './AreaUnavailable.js';
import { LoadingState } from './LoadingState.js';

export interface RemoteBoundaryProps {
  /** the area's title, shown while loading and when it fails */
  title: string;
  children: ReactNode;
  /** called on Retry, e.g. to create a new React.lazy (a lazy keeps its rejection forever) */
  onRetry?: () => void;
}

const MAX_REASON_LENGTH = 200;

/** A short, human reason for the failure screen. */
export function describeLoadError(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (/chunk|remote ?entry|dynamically imported module|ScriptExternalLoadError|RUNTIME-00\d|Failed to fetch/i.test(message)) {
    return 'Its code could not be loaded. Check your connection and try again.';
  }
  if (!message) return 'Something went wrong while showing it.';
  return message.length > MAX_REASON_LENGTH ? `${message.slice(0, MAX_REASON_LENGTH - 1)}…` : message;
}

/**
 * Isolates one area (a remote's routes): while it loads a LoadingState shows, and if it throws the
 * area shows "This area is unavailable" with Retry while the rest of the app keeps working.
 * Retry remounts the children under a fresh key.
 */
export function RemoteBoundary({ title, children, onRetry }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    onRetry?.();
    setAttempt((n) => n + 1);
  };
  return (
    <ErrorCatcher key={attempt} fallback={(error) => <AreaUnavailable title={title} reason={describeLoadError(error)} onRetry={retry} />}>
      <Suspense fallback={<LoadingState text={`Loading ${title}...`} />}>{children}</Suspense>
    </ErrorCatcher>
  );
}

interface ErrorCatcherProps {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

class ErrorCatcher extends Component<ErrorCatcherProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Area failed to render:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
