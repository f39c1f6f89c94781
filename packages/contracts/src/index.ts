// The JSON shapes of the BFF's REST API, shared by the server side and the web app.
export * from './grid';
export * from './clients';
export * from './report-types';
export * from './calculations';
export * from './securities';
export * from './ledger';
export * from './imports';
export * from './calculation-runs';
export * from './taximiser';
export * from './documents';
export * from './income-diaries';
export * from './mi-dashboard';
export * from './reports';
export * from './pool-cost';
