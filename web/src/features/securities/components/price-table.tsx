import { Table, Tag } from 'antd';
import type { SecurityPrice } from '@gains/contracts';
import { tablePager } from '@/components/grid/grid-pager';
import { formatDate, formatDateTime, formatMoney, formatPrice } from '@/lib/format';

/** A security's prices, newest first, stale ones marked. */
export function PriceTable({ prices, loading }: { prices: SecurityPrice[]; loading?: boolean }) {
  const rows = [...prices].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Table<SecurityPrice>
      size="small"
      rowKey="date"
      data-testid="price-table"
      loading={loading}
      dataSource={rows}
      pagination={tablePager(10, 'price')}
      locale={{ emptyText: 'No prices in this period' }}
      columns={[
        { title: 'Date', dataIndex: 'date', render: (v: string) => formatDate(v), width: 120 },
        {
          title: 'Price',
          dataIndex: 'price',
          align: 'right',
          render: (v: string, p) => (
            <span className="gains-number">
              {p.currency} {formatPrice(v)}
            </span>
          ),
        },
        { title: 'Price (GBP)', dataIndex: 'priceGbp', align: 'right', render: (v: string) => formatMoney(v) },
        {
          title: 'Source',
          dataIndex: 'source',
          render: (v: string, p) => (
            <>
              {v.charAt(0) + v.slice(1).toLowerCase()}
              {p.stale && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  Stale
                </Tag>
              )}
            </>
          ),
        },
        { title: 'Set by', dataIndex: 'setByName' },
        { title: 'Set at', dataIndex: 'setAt', render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}
