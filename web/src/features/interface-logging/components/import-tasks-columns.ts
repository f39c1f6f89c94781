import type { ColDef } from 'ag-grid-community';
import { IMPORT_KIND_NAMES } from '@gains/contracts';
import { numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatDateTime } from '@/lib/format';
import type { ImportTask } from '../api/imports';

const STATUS_NAMES: Record<string, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
};

const dateTime = (field: keyof ImportTask, headerName: string): ColDef<ImportTask> => ({
  field,
  headerName,
  width: 160,
  valueFormatter: (p) => formatDateTime(p.value as string | null),
});

/** The import tasks grid (Interface Logging): one row a file. */
export const importTaskColumns: ColDef<ImportTask>[] = [
  textColumn<ImportTask>('kind', 'Kind', {
    width: 170,
    valueFormatter: (p) => IMPORT_KIND_NAMES[p.value as keyof typeof IMPORT_KIND_NAMES] ?? String(p.value),
  }),
  textColumn<ImportTask>('fileName', 'File Name', { width: 220 }),
  textColumn<ImportTask>('status', 'Status', {
    width: 130,
    valueFormatter: (p) => {
      const t = p.data;
      const name = STATUS_NAMES[p.value as string] ?? String(p.value);
      return t?.status === 'RUNNING' && t.progressTotal > 0 ? `${name} (${t.progressDone}/${t.progressTotal})` : name;
    },
    cellClassRules: { 'gains-negative': (p) => p.value === 'FAILED' },
  }),
  numberColumn<ImportTask>('rowsRead', 'Rows Read'),
  numberColumn<ImportTask>('rowsPosted', 'Posted'),
  numberColumn<ImportTask>('rowsRejected', 'Rejected'),
  numberColumn<ImportTask>('rowsSkipped', 'Already Imported', { width: 150 }),
  dateTime('startedDate', 'Started'),
  dateTime('finishedDate', 'Finished'),
  textColumn<ImportTask>('startedBy', 'By', { width: 180 }),
  textColumn<ImportTask>('message', 'Message', { width: 320 }),
].map((c) => ({ colId: c.colId ?? (c.field as string), sortable: false, ...c }));
