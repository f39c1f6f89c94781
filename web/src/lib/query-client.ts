import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { config } from '@/config/env';
import { isApiError } from './api-client';
import { clearSession, getSession } from './session';
import { notify } from './notify';

/**
 * Sign-out and error toasts are decided here, never in the HTTP client (STYLE: the web app).
 * Any 401 from any call signs the user out (spec §4, §8).
 */
function handleError(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (isApiError(error) && error.isUnauthenticated) {
    if (getSession()) {
      signOutLocally();
      notify.error('Your session has ended. Please sign in again.');
    }
    return;
  }
  if (meta?.errorToast === false) return;
  if (typeof meta?.errorMessage === 'string') notify.error(meta.errorMessage);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handleError(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      staleTime: config.queryStaleTimeMs,
      refetchOnWindowFocus: false,
      // An answer, even a 500, is shown at once; only a call that never reached the server is tried once more.
      retry: (failureCount, error) => isApiError(error) && error.status === 0 && failureCount < 1,
    },
  },
});

/** Forget the session and every cached answer; the auth machine returns to LOGIN. */
export function signOutLocally(): void {
  clearSession();
  queryClient.clear();
}
