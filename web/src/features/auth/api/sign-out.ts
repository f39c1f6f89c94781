import { apiRequest } from '@/lib/api-client';
import { signOutLocally } from '@/lib/query-client';

/** Tell the server (best effort), then forget the session and the caches: the app returns to LOGIN. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest<void>('/auth/sign-out', { method: 'POST' });
  } catch {
    // the local sign-out happens whatever the server says
  } finally {
    signOutLocally();
  }
}
