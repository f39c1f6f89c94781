/** Where render crashes are reported. For now the console; an error-reporting service plugs in here. */
export function reportError(error: unknown, componentStack?: string): void {
  console.error('[gains] render crash', error, componentStack ?? '');
}
