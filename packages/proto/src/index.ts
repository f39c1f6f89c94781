export * from './gen/gains/health/v1/health_pb';
export * as identity from './gen/gains/identity/v1/identity_pb';
export * as clients from './gen/gains/clients/v1/clients_pb';
export * as ledger from './gen/gains/clients/v1/ledger_pb';
export * as imports from './gen/gains/clients/v1/imports_pb';
export * as events from './gen/gains/events/v1/events_pb';
export * as securities from './gen/gains/securities/v1/securities_pb';
export * as taxEngine from './gen/gains/tax_engine/v1/tax_engine_pb';
export * as reports from './gen/gains/reports/v1/reports_pb';
