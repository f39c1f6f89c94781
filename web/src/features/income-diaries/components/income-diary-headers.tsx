import { Button, Table, Tag, Typography } from 'antd';
import type { IncomeDiaryHeader } from '@gains/contracts';
import { tablePager } from '@/components/grid/grid-pager';
import { formatDate, formatDateTime } from '@/lib/format';

/**
 * The headers a diary made, newest date first: each opens its corporate action; a date whose header could not be
 * made shows why.
 */
export function IncomeDiaryHeaders({
  headers,
  onOpenHeader,
}: {
  headers: IncomeDiaryHeader[];
  onOpenHeader: (headerUuid: string) => void;
}) {
  return (
    <div className="gains-panel" data-testid="income-diary-headers">
      <Typography.Title level={4}>Created headers</Typography.Title>
      <Table<IncomeDiaryHeader>
        size="small"
        rowKey={(h) => `${h.exDate}`}
        dataSource={headers}
        pagination={tablePager(10, 'header')}
        locale={{ emptyText: 'No headers yet: the diary makes one on each ex date' }}
        columns={[
          {
            title: 'Header',
            dataIndex: 'headerCode',
            render: (code: string, h) =>
              h.headerUuid ? (
                <Button type="link" style={{ padding: 0 }} onClick={() => onOpenHeader(h.headerUuid)}>
                  {code || h.headerUuid}
                </Button>
              ) : (
                '-'
              ),
          },
          { title: 'Ex Date', dataIndex: 'exDate', render: (d: string) => formatDate(d) },
          { title: 'Pay Date', dataIndex: 'payDate', render: (d: string) => formatDate(d) },
          {
            title: 'Status',
            dataIndex: 'headerStatus',
            render: (s: string, h) =>
              h.failureReason ? <Tag color="error">Not created</Tag> : <Tag>{s ? s.replace(/_/g, ' ') : '-'}</Tag>,
          },
          { title: 'Reason', dataIndex: 'failureReason', render: (r: string) => r || '-' },
          { title: 'Created', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
        ]}
      />
    </div>
  );
}
