import { config } from '@/config/env';
import { getSession } from './session';

/** The server's error body (spec §3, §8). */
export interface ErrorBody {
  type_description: string;
  timestamp: string;
  id: string;
}

/** Fallback error id when the server gave none (spec §8). */
export const UNKNOWN_ERROR_ID = '00000000-0000-0000-0000-000000000000';

/** A failed call. The HTTP client only raises it; the query client decides on toasts and sign-out. */
export class ApiError extends Error {
  readonly status: number;
  readonly typeDescription: string;
  readonly timestamp: string;
  readonly id: string;

  constructor(status: number, body: Partial<ErrorBody> | undefined, fallbackMessage: string) {
    const typeDescription = body?.type_description || fallbackMessage;
    super(typeDescription);
    this.name = 'ApiError';
    this.status = status;
    this.typeDescription = typeDescription;
    this.timestamp = body?.timestamp || new Date().toISOString();
    this.id = body?.id || UNKNOWN_ERROR_ID;
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

/** Fetch JSON from the API. Every call carries the bearer token; calls in an organisation also name it. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (!options.anonymous) {
    const session = getSession();
    if (session) headers.Authorization = `Bearer ${session.accessToken}`;
  }
  if (options.organisationUuid) headers['X-Organisation-Uuid'] = options.organisationUuid;

  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}${path}${toSearch(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, undefined, 'The server could not be reached');
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
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
