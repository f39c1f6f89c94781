export * from './embedded-postgres';
export * from './migrate';
export * from './pool';
