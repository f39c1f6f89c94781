import type { Caller } from '@gains/auth';
import type { FileStore } from '@gains/files';
import type { ImportMasterStore } from '../store/import-master-store';
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
  files: FileStore;
  prices: PriceUpload;
  /** Today in Europe/London, "YYYY-MM-DD". */
  today(): string;
  /** Runs a started prices or custodian task after the call has answered (run-import.ts). */
  schedule(task: ImportTaskRecord, caller: Caller): void;
  /** Starts a transactions, clients or portfolios task as a job of the shared runner (its uuid the task's). */
  startJob(task: ImportTaskRecord, caller: Caller): Promise<void>;
}
