import { z } from 'zod';

/**
 * Reads and checks the environment once, at start: a missing or malformed setting stops the
 * process with a message naming it, rather than failing on first use.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<S>> {
  // An empty variable means "not set" (a Secret key left blank in the chart, `FOO= cmd`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = z.object(shape).safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

export const SERVICE_PORTS = {
  identity: 7101,
  clients: 7102,
  securities: 7103,
  'tax-engine': 7104,
  documents: 7105,
  reports: 7106,
  bff: 8080,
} as const;
export type ServiceName = Exclude<keyof typeof SERVICE_PORTS, 'bff'>;
export const SERVICE_NAMES = Object.keys(SERVICE_PORTS).filter((n) => n !== 'bff') as ServiceName[];

export { z };
