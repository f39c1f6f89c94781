/** Test hook: `/:organisationUuid/__crash` throws while rendering, to show the crash fallback. */
export function CrashRoute(): never {
  throw new Error('Deliberate render crash (/__crash)');
}

export const Component = CrashRoute;
