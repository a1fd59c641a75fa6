// Any error inside the canvas area is logged and replaced by the spec's fallback screen (§2.6); Reload
// Page clears the error and reloads the page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@accent/shared/ui';
import styles from './Builder.module.css';

export const CANVAS_ERROR_TEXT = 'Something went wrong - There was an error with the drag and drop functionality.';
export const RELOAD_PAGE = 'Reload Page';

interface Props {
  children: ReactNode;
  onError(error: unknown, info: ErrorInfo): void;
  onReload(): void;
}

export class CanvasErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  private reload = () => {
    this.setState({ failed: false });
    this.props.onReload();
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.fallback}>
        <p role="alert">{CANVAS_ERROR_TEXT}</p>
        <Button onClick={this.reload}>{RELOAD_PAGE}</Button>
      </div>
    );
  }
}
