export { startEmbeddedSystem, type EmbeddedSystem } from './embedded-system';
export { SERVICE_MODULES } from './modules';
