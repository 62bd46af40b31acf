import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (reset: () => void, error: unknown) => ReactNode;
  children: ReactNode;
}

/** A crash on one screen shows a way out instead of a blank terminal. */
export class ErrorBoundary extends Component<Props, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown) {
    console.error('screen crashed', error instanceof Error ? error.name : 'unknown');
  }

  render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false, error: undefined }), this.state.error)
      : this.props.children;
  }
}

/**
 * A screen's code that could not be fetched: a new version deployed while this window ran (its
 * files gone from the web server), or the network down before the worker had them. Each browser
 * words it its own way; none of them is a crash of the screen, and trying again in this window
 * fails the same way (the browser keeps the failed import): the terminal is reloaded.
 */
export const isCodeNotLoaded = (error: unknown): boolean =>
  error instanceof TypeError &&
  /dynamically imported module|Importing a module script failed|is not a valid JavaScript MIME type/i.test(
    error.message,
  );
