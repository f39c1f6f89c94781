import { Table, type TableColumnsType } from 'antd';
import { formatExactQuantity, formatText } from '@/lib/format';
import type { Holding, HoldingValue } from '../api/compute-ledger';
import { moneyColumn } from './money';

interface HoldingRow {
  key: string;
  security: string;
  portfolio: string;
  quantity: string | undefined;
  cost: string | undefined;
  marketValue?: string | null;
  unrealisedGain?: string | null;
  children?: HoldingRow[];
}

/** The unrealised gain of the holding's class: capital, income (offshore funds) or exempt (gilts). */
function unrealisedGain(value: HoldingValue | undefined): string | null | undefined {
  if (!value) return undefined;
  if (value.gainClass === 'income') return value.unrealisedIncomeGain;
  if (value.gainClass === 'exempt') return value.unrealisedExemptGain;
  return value.unrealisedCapitalGain;
}

function portfolioRow(security: string, value: HoldingValue): HoldingRow {
  return {
    key: `${security}/${value.portfolio}`,
    security: '',
    portfolio: value.portfolio,
    quantity: value.quantity,
    cost: value.cgtCost,
    marketValue: value.marketValue,
    unrealisedGain: unrealisedGain(value),
  };
}

/**
 * A row a security: its Section 104 pool. Held in one portfolio, the row also carries that portfolio's value;
 * held in several, each portfolio is a row beneath it (its shares and its part of the pool's cost).
 */
function toRows(holdings: Holding[], values: HoldingValue[]): HoldingRow[] {
  return holdings.map((h) => {
    const own = values.filter((v) => v.security === h.security);
    const single = own.length === 1 ? own[0] : undefined;
    return {
      key: h.security,
      security: h.security,
      portfolio: own.length > 1 ? `${own.length} portfolios` : (single?.portfolio ?? ''),
      quantity: h.pool?.quantity,
      cost: h.pool?.cost,
      marketValue: single?.marketValue,
      unrealisedGain: unrealisedGain(single),
      children: own.length > 1 ? own.map((v) => portfolioRow(h.security, v)) : undefined,
    };
  });
}

/** What is left after the last transaction; market value and unrealised gain only when prices were given. */
export function HoldingsTable({ holdings, values }: { holdings: Holding[]; values: HoldingValue[] }) {
  const priced = values.some((v) => v.marketValue !== undefined && v.marketValue !== null);
  const columns: TableColumnsType<HoldingRow> = [
    { key: 'security', title: 'Security', dataIndex: 'security', width: 180 },
    { key: 'portfolio', title: 'Portfolio', render: (_, row) => formatText(row.portfolio), width: 160 },
    {
      key: 'quantity',
      title: 'Pool quantity',
      align: 'right',
      width: 150,
      render: (_, row) => formatExactQuantity(row.quantity),
    },
    moneyColumn<HoldingRow>('cost', 'Pool cost'),
    ...(priced
      ? [
          moneyColumn<HoldingRow>('marketValue', 'Market value'),
          moneyColumn<HoldingRow>('unrealisedGain', 'Unrealised gain'),
        ]
      : []),
  ];
  return (
    <Table<HoldingRow>
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={toRows(holdings, values)}
      expandable={{ defaultExpandAllRows: true }}
      data-testid="holdings-table"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Nothing is held after the last transaction' }}
    />
  );
}
