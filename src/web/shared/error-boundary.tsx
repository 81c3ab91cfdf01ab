import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  readonly name: string;
  readonly children: ReactNode;
}

/** One panel failing shows a note in its place; the rest of the screen keeps working. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <section className="panel" role="alert">
          <p className="error">
            The {this.props.name} panel failed: {this.state.error.message}.{' '}
            <button type="button" className="link" onClick={() => this.setState({ error: null })}>
              Try again
            </button>
          </p>
        </section>
      );
    }
    return this.props.children;
  }
}
