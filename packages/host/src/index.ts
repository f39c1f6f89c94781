export { bffDeps } from './bff-deps';
export { startInProcessSystem, type InProcessSystem } from './in-process-system';
export { lazyTransport } from './lazy-transport';
export { activate, startService, type StartedService } from './start-service';
