import type { Caller } from '@gains/auth';
import type { CustodianHolding } from './import-rules';
import type { HoldersStore } from '../store/holders-store';
import type { LedgerExportStore } from '../store/ledger-export-store';
import type { LedgerStore } from '../store/ledger-store';
import type { PortfolioStore } from '../store/portfolio-store';
import type { PriceFact, SecurityFields, SecurityStore } from '../store/security-store';
import type { TransactionTypeStore } from '../store/transaction-type-store';

/** The securities service, asked with the caller's own token (it checks them too). */
export interface SecuritiesSource {
  /** null: no such security */
  getSecurity(
    caller: Caller,
    organisationUuid: string,
    id: number,
  ): Promise<{ security: SecurityFields; price: PriceFact | null } | null>;
  currencyKnown(caller: Caller, organisationUuid: string, isoCode: string): Promise<boolean>;
  /** The latest rate (GBP per unit) on or before the date, or null. */
  gbpPerUnit(caller: Caller, organisationUuid: string, isoCode: string, onOrBefore: string): Promise<string | null>;
}

/** What the ledger's use cases are given. */
export interface LedgerDeps {
  portfolios: PortfolioStore;
  ledger: LedgerStore;
  /** One client's ledger for the tax engine (ExportClientLedger). */
  ledgerExport: LedgerExportStore;
  holders: HoldersStore;
  types: TransactionTypeStore;
  securities: SecurityStore;
  securitiesSource: SecuritiesSource;
  /** Today in Europe/London, "YYYY-MM-DD". */
  today(): string;
  /** The organisation's latest reconciled custodian holdings file (the Reconciliation report), null when none. */
  custodianHoldings?(
    organisationUuid: string,
  ): Promise<{ fileName: string; importedAt: string; holdings: CustodianHolding[] } | null>;
}
