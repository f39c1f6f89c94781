import type { Caller } from '@gains/auth';
import type { FileStore } from '@gains/files';
import type { ImportMasterStore } from '../store/import-master-store';
import type { CustodianStore } from '../store/custodian-store';
import type { ImportStore, ImportTaskRecord } from '../store/import-store';

/** The securities service's own price upload (all or nothing, its problems by line). */
export interface PriceUpload {
  uploadPrices(
    caller: Caller,
    organisationUuid: string,
    csv: string,
  ): Promise<{
    ok: boolean;
    lines: number;
    inserted: number;
    updated: number;
    unchanged: number;
    problems: { line: number; field: string; message: string }[];
  }>;
}

/** What the import use cases are given. */
export interface ImportDeps {
  imports: ImportStore;
  /** the clients and portfolios imports' reads and writes */
  master: ImportMasterStore;
  custodian: CustodianStore;
  files: FileStore;
  prices: PriceUpload;
  /** Today in Europe/London, "YYYY-MM-DD". */
  today(): string;
  /**
   * The users who started prices imports, by task uuid, while their jobs run: the securities service's upload
   * goes as them. Memory only (a token is never stored): a prices job resumed after a restart has none.
   */
  callers: Map<string, Caller>;
  /**
   * Whether a transactions file's first chunk posts the rows it has checked while it checks the rest (unset: yes).
   * No makes each chunk's rows fixed, for a test that walks a file's chunks one by one.
   */
  postWhileChecking?: boolean;
  /** Starts a task as a job of the shared runner: its uuid the task's, its type importJobType(task.kind). */
  startJob(task: ImportTaskRecord, caller: Caller): Promise<void>;
}

/** Each import kind's job type: IMPORT_TRANSACTIONS, IMPORT_PRICES, IMPORT_CUSTODIAN_HOLDINGS, ... */
export function importJobType(kind: string): string {
  return `IMPORT_${kind}`;
}
