import { useSyncExternalStore } from 'react';

/**
 * The client selected in the client area (seed 000 §2.5), which the singular reports show read-only (§2.6). Kept per
 * organisation for the tab's session, so a reload or a visit to another page keeps it and another firm never sees it.
 */
export interface SelectedClient {
  uuid: string;
  code: string;
  name: string;
}

const KEY = 'gains.selected-client';
const listeners = new Set<() => void>();

function read(): Record<string, SelectedClient> {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, SelectedClient>;
  } catch {
    return {};
  }
}

let snapshot = typeof window === 'undefined' ? {} : read();

export function setSelectedClient(organisationUuid: string, client: SelectedClient | undefined): void {
  const next = { ...snapshot };
  if (client) next[organisationUuid] = { uuid: client.uuid, code: client.code, name: client.name };
  else delete next[organisationUuid];
  snapshot = next;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage unavailable: the selection lasts while the page does
  }
  listeners.forEach((l) => l());
}

export function useSelectedClient(organisationUuid: string): SelectedClient | undefined {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
  return all[organisationUuid];
}
