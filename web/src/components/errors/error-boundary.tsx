import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { CrashFallback } from './crash-fallback';
import { reportError } from '@/lib/report-error';

/** Catches render crashes outside the router (auth screens, providers). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, info.componentStack ?? undefined);
  }

  render(): ReactNode {
    return this.state.crashed ? <CrashFallback /> : this.props.children;
  }
}

/** The router's errorElement: same screen, and the error is reported. */
export function RouteErrorFallback() {
  const error = useRouteError();
  reportError(error);
  return <CrashFallback />;
}
