import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";

/** `resetKey`: when it changes (the location, say) a shown error is cleared. */
type Props = { children: ReactNode; resetKey?: string };
type State = { error: Error | null };

/**
 * Catches a crash or a page chunk that failed to load (say, after a new release) and offers a
 * reload instead of a blank screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unhandled error in the page", error, info.componentStack);
  }

  override componentDidUpdate(prevProps: Props): void {
    if (this.state.error && prevProps.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          This page could not be shown. Reloading usually fixes it; if it keeps happening, please contact support.
        </p>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </div>
    );
  }
}
