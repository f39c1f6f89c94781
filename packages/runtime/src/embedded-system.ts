import { startInProcessSystem, type InProcessSystem } from '@gains/host';
import { SERVICE_MODULES } from './modules';

export type EmbeddedSystem = InProcessSystem;

/** Every service in this process with the BFF on top: the embedded runtime, and tests of the whole system. */
export function startEmbeddedSystem(
  options: Omit<Parameters<typeof startInProcessSystem>[0], 'modules'>,
): Promise<EmbeddedSystem> {
  return startInProcessSystem({ ...options, modules: SERVICE_MODULES });
}
