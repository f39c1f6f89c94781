// The demo's deterministic data, shared by the services that seed it (securities, clients).
export * from './calendar';
export * from './decimals';
export * from './demo-securities';
export * from './price-book';
export * from './prng';
