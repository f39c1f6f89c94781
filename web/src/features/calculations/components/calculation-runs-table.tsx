import { Table, Tag, type TableColumnsType } from 'antd';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { CalculationRun } from '../api/calculation-runs';

const STATUS_COLOURS: Record<string, string> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
};

export const TRIGGER_LABELS: Record<string, string> = {
  LEDGER_CHANGED: 'Ledger changed',
  RECALCULATE: 'Recalculated',
  ORGANISATION: 'Firm recalculated',
  PRICES: 'Prices published',
  ENGINE: 'Tax rules updated',
};

const columns: TableColumnsType<CalculationRun> = [
  { key: 'startedAt', title: 'Started', render: (_, r) => formatDateTime(r.startedAt), width: 170 },
  {
    key: 'status',
    title: 'Status',
    render: (_, r) => <Tag color={STATUS_COLOURS[r.status] ?? 'default'}>{r.status}</Tag>,
    width: 120,
  },
  { key: 'trigger', title: 'Trigger', render: (_, r) => TRIGGER_LABELS[r.trigger] ?? r.trigger, width: 170 },
  { key: 'ledgerVersion', title: 'Ledger version', dataIndex: 'ledgerVersion', align: 'right', width: 130 },
  { key: 'disposals', title: 'Disposals', align: 'right', render: (_, r) => formatNumber(r.disposals), width: 100 },
  { key: 'failures', title: 'Failures', align: 'right', render: (_, r) => formatNumber(r.failures), width: 100 },
  {
    key: 'changes',
    title: 'Years changed',
    // A closed year a back-dated change moved is marked: the run's view shows it before and after.
    render: (_, r) =>
      r.changes.length === 0
        ? '-'
        : r.changes.map((y) => (
            <span key={y.taxYear} className="gains-calc-year">
              {y.taxYear}
              {y.closed && <Tag color="warning">closed</Tag>}{' '}
            </span>
          )),
    width: 160,
  },
  {
    key: 'engineMs',
    title: 'Engine time',
    align: 'right',
    render: (_, r) => (r.finishedAt ? `${formatNumber(r.engineMs)} ms` : '-'),
    width: 120,
  },
];

/** The client's runs, newest first; a click shows that run below (the latest unless one is chosen). */
export function CalculationRunsTable({
  runs,
  selectedId,
  onSelect,
  loading,
}: {
  runs: CalculationRun[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  loading: boolean;
}) {
  return (
    <Table<CalculationRun>
      data-testid="calculation-runs"
      size="small"
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={runs}
      pagination={runs.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      rowClassName={(r) => (r.id === selectedId ? 'ant-table-row-selected gains-clickable' : 'gains-clickable')}
      onRow={(r) => ({ onClick: () => onSelect(r.id), 'data-run': r.id }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText: 'This client has not been calculated yet: recalculate it to compute its ledger' }}
    />
  );
}
