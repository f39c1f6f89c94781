import { Table, type TableColumnsType } from 'antd';
import { formatText } from '@/lib/format';
import type { PortfolioFigures, PortfolioRealised } from '../api/compute-ledger';
import { moneyColumn } from './money';

interface Row extends PortfolioRealised {
  key: string;
  portfolio: string;
}

const ZERO = /^-?0(\.0+)?$/;

/**
 * Each tax year's realised gains attributed back to the portfolio the shares were sold from (matching is
 * across all portfolios; the gains are then split by where the disposed shares sat). Income and exempt
 * columns show only when some portfolio has such gains.
 */
export function PortfolioRealisedTable({ portfolios }: { portfolios: PortfolioFigures[] }) {
  const rows: Row[] = portfolios.flatMap((p) =>
    p.realised.map((r) => ({ ...r, key: `${p.portfolio}/${r.taxYear}`, portfolio: p.portfolio })),
  );
  const shown = (field: 'incomeGain' | 'exemptGain') => rows.some((r) => !ZERO.test(r[field]));
  const columns: TableColumnsType<Row> = [
    { key: 'portfolio', title: 'Portfolio', render: (_, row) => formatText(row.portfolio), width: 180 },
    { key: 'taxYear', title: 'Tax year', dataIndex: 'taxYear', width: 120 },
    moneyColumn<Row>('capitalGain', 'Capital gain/loss', 160),
    ...(shown('incomeGain') ? [moneyColumn<Row>('incomeGain', 'Income gain', 160)] : []),
    ...(shown('exemptGain') ? [moneyColumn<Row>('exemptGain', 'Exempt gain/loss', 160)] : []),
  ];
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      data-testid="portfolio-realised-table"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No gains or losses were realised' }}
    />
  );
}
