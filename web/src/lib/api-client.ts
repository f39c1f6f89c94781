import { config } from '@/config/env';
import {
  accessTokenExpired,
  clearSession,
  getSession,
  maySignInAgain,
  setSession,
  whenSignedInElsewhere,
  type Session,
} from './session';

/** The server's error body (spec §3, §8). */
export interface ErrorBody {
  type_description: string;
  timestamp: string;
  id: string;
  /** The request field a 400/409 concerns, e.g. `code` or `customer.holdingVariance`. */
  field?: string;
}

/** Fallback error id when the server gave none (spec §8). */
export const UNKNOWN_ERROR_ID = '00000000-0000-0000-0000-000000000000';

/** A failed call. The HTTP client only raises it; the query client decides on toasts and sign-out. */
export class ApiError extends Error {
  readonly status: number;
  readonly typeDescription: string;
  readonly timestamp: string;
  readonly id: string;
  readonly field: string | undefined;
  /** The whole error body, for calls whose refusal carries more than the message (an upload's bad lines). */
  readonly body: Partial<ErrorBody> & Record<string, unknown>;

  constructor(status: number, body: Partial<ErrorBody> | undefined, fallbackMessage: string) {
    const typeDescription = body?.type_description || fallbackMessage;
    super(typeDescription);
    this.name = 'ApiError';
    this.status = status;
    this.typeDescription = typeDescription;
    this.timestamp = body?.timestamp || new Date().toISOString();
    this.id = body?.id || UNKNOWN_ERROR_ID;
    this.field = typeof body?.field === 'string' && body.field ? body.field : undefined;
    this.body = (body ?? {}) as Partial<ErrorBody> & Record<string, unknown>;
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as `X-Organisation-Uuid` for calls made inside an organisation. */
  organisationUuid?: string;
  query?: URLSearchParams | Record<string, string | number | boolean | undefined | (string | number)[]>;
  signal?: AbortSignal;
  /** Omit the bearer token (sign-in). */
  anonymous?: boolean;
}

/** The answer of POST /auth/refresh (and of every sign-in step that ends AUTHENTICATED). */
interface RefreshAnswer {
  state: string;
  accessToken?: string;
  expiresIn?: number;
}

let refreshing: Promise<Session | undefined> | undefined;

/**
 * A new access token from the refresh cookie, once at a time in this tab and, through a Web Lock, across the
 * browser's tabs: refresh tokens rotate and a spent one presented again ends the session, so two tabs must
 * never send the same cookie at once. Undefined when the server refuses; the caller then answers 401.
 */
export function refreshSession(): Promise<Session | undefined> {
  refreshing ??= (async () => {
    try {
      return await withRefreshLock(async () => {
        const response = await fetch(`${config.apiBaseUrl}/auth/refresh`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{}',
          credentials: 'same-origin',
        });
        if (!response.ok) return undefined;
        const answer = (await response.json()) as RefreshAnswer;
        if (answer.state !== 'AUTHENTICATED' || !answer.accessToken) return undefined;
        return setSession(answer.accessToken, answer.expiresIn ?? 600);
      });
    } catch {
      return undefined;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  let result!: T;
  await locks.request('gains-refresh', async () => {
    result = await work();
  });
  return result;
}

/**
 * At start: a browser that signed in earlier trades its refresh cookie for an access token before the app
 * renders, so a reload stays signed in. Also when another tab signs in.
 */
export async function restoreSession(): Promise<void> {
  whenSignedInElsewhere(() => void refreshSession());
  if (!maySignInAgain() || getSession()) return;
  // the cookie is gone, expired or revoked: forget that this browser was signed in
  if (!(await refreshSession())) clearSession();
}

function toSearch(query: RequestOptions['query']): string {
  if (!query) return '';
  if (query instanceof URLSearchParams) return query.size ? `?${query}` : '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Fetch JSON from the API. Every call carries the bearer token; calls in an organisation also name it.
 * An expired access token is refreshed first; a 401 is retried once after a refresh. What to do about a
 * 401 that remains (sign out) is the query client's decision.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await fetchOk(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API answers (a PDF), with the name its Content-Disposition gives, or `fallbackName`. */
export async function apiDownload(
  path: string,
  options: RequestOptions & { fallbackName: string },
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchOk(path, options, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: named ?? options.fallbackName };
}

/** The answer of a call that succeeded; a refusal is raised as ApiError with the server's error body. */
async function fetchOk(path: string, options: RequestOptions, accept: string): Promise<Response> {
  let session = options.anonymous ? undefined : getSession();
  if (session && accessTokenExpired(session)) session = (await refreshSession()) ?? session;
  let response = await send(path, options, session, accept);
  if (response.status === 401 && session) {
    const refreshed = await refreshSession();
    if (refreshed) response = await send(path, options, refreshed, accept);
  }

  if (!response.ok) {
    let body: Partial<ErrorBody> | undefined;
    try {
      body = (await response.json()) as Partial<ErrorBody>;
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, body, response.statusText || `Request failed (${response.status})`);
  }
  return response;
}

async function send(
  path: string,
  options: RequestOptions,
  session: Session | undefined,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;
  if (options.organisationUuid) headers['X-Organisation-Uuid'] = options.organisationUuid;
  try {
    return await fetch(`${config.apiBaseUrl}${path}${toSearch(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, undefined, 'The server could not be reached');
  }
}
