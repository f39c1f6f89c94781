export * from './embedded-postgres';
export * from './migrate';
export * from './pool';
export * from './embedded-postgres-error';
export * from './raw-sql';
export * from './transaction';
