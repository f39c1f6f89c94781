/** The one reader of build-time configuration (Vite `VITE_*` variables). */
const env = import.meta.env;

export const config = {
  /** API base path; the BFF serves the API and the app on the same origin. */
  apiBaseUrl: (env.VITE_API_BASE_URL as string | undefined) ?? '/api',
  /** External service-desk portal opened by "Support requests". */
  supportPortalUrl:
    (env.VITE_SUPPORT_PORTAL_URL as string | undefined) ??
    'https://support.gains.example/servicedesk/customer/portal/1',
  /** AG Grid Enterprise licence; without it the grid shows a watermark. */
  agGridLicenseKey: env.VITE_AG_GRID_LICENSE_KEY as string | undefined,
  /** Toasts close after 8 seconds (spec §9). */
  toastDurationSeconds: 8,
  /** Query cache stale time: 1 minute (spec §9). */
  queryStaleTimeMs: 60_000,
  /** Search boxes wait 500 ms (spec §9). */
  searchDebounceMs: 500,
  /** The Taximiser waits 800 ms after a choice before it fetches what follows (spec §4, §9). */
  taximiserDelayMs: 800,
  /** Taximiser messages clear 1 second after they appear (spec §9). */
  taximiserMessageMs: 1_000,
} as const;
