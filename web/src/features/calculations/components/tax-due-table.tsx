import { Table, Typography, type TableColumnsType } from 'antd';
import { formatDate, formatExactQuantity } from '@/lib/format';
import type { TaxYear } from '../api/compute-ledger';
import { Money } from './money';
import { periodHeading } from './calculation-text';

type RatePeriodTax = NonNullable<TaxYear['taxDue']>['periods'][number];

interface Row {
  key: string;
  year: string;
  period: string;
  figures?: RatePeriodTax;
  total?: string;
}

/** "10%": a rate as the engine gives it (an exact decimal string, "10" or "10.00"). */
const percent = (rate: string) => `${formatExactQuantity(rate)}%`;

/** The rate period in words: 2024-25's two periods by their dates, otherwise the whole year. */
function periodLabel(p: RatePeriodTax): string {
  if (p.period === 'year') return 'Whole year';
  return `${formatDate(p.from)} to ${formatDate(p.to)}`;
}

/** Why a year's tax due was not worked out, briefly. */
export function noTaxDueReason(kind: string): string {
  if (kind === 'company') return 'Companies pay corporation tax on their gains: not worked out here';
  if (kind === 'individual') return 'No basic-rate band left given for the year';
  return 'The engine does not hold the rates for the year';
}

const money = (value: string | undefined, strong?: boolean) => <Money value={value} strong={strong} />;

/**
 * The capital gains tax due, per tax year and rate period: the taxable gain, the part within the basic-rate band
 * at the lower rate and the rest at the higher, the tax; and each year's total.
 */
export function TaxDueTable({ taxYears, taxpayer }: { taxYears: TaxYear[]; taxpayer: string }) {
  const rows: Row[] = taxYears.flatMap((y) => {
    const heading = periodHeading(y).title;
    if (!y.taxDue) return [];
    const periods = y.taxDue.periods.map((p) => ({
      key: `${y.taxYear}/${p.period}`,
      year: heading,
      period: periodLabel(p),
      figures: p,
    }));
    return [...periods, { key: `${y.taxYear}/total`, year: heading, period: 'Tax due', total: y.taxDue.total }];
  });
  const without = taxYears.filter((y) => !y.taxDue);
  if (taxpayer === 'company')
    return (
      <Typography.Text type="secondary" data-testid="tax-due-absent">
        {noTaxDueReason(taxpayer)}.
      </Typography.Text>
    );
  const columns: TableColumnsType<Row> = [
    { key: 'year', title: 'Tax year', dataIndex: 'year', width: 130 },
    { key: 'period', title: 'Rate period', dataIndex: 'period', width: 200 },
    {
      key: 'taxableGain',
      title: 'Taxable gain',
      align: 'right',
      width: 130,
      render: (_, r) => (r.figures ? money(r.figures.taxableGain) : null),
    },
    {
      key: 'lower',
      title: 'At the lower rate',
      align: 'right',
      width: 170,
      render: (_, r) =>
        r.figures && (
          <>
            {money(r.figures.lowerRateGain)}
            <span className="gains-calc-rate"> at {percent(r.figures.lowerRate)}</span>
          </>
        ),
    },
    {
      key: 'higher',
      title: 'At the higher rate',
      align: 'right',
      width: 170,
      render: (_, r) =>
        r.figures && (
          <>
            {money(r.figures.higherRateGain)}
            <span className="gains-calc-rate"> at {percent(r.figures.higherRate)}</span>
          </>
        ),
    },
    {
      key: 'tax',
      title: 'Tax',
      align: 'right',
      width: 130,
      render: (_, r) => (r.figures ? money(r.figures.tax) : money(r.total, true)),
    },
  ];
  return (
    <div className="gains-calc-tax-due" data-testid="tax-due">
      {rows.length > 0 && (
        <Table<Row>
          className="gains-calc-summary"
          size="small"
          bordered
          pagination={false}
          rowKey="key"
          columns={columns}
          dataSource={rows}
          rowClassName={(r) => (r.figures ? '' : 'gains-calc-summary__strong')}
          onRow={(r) => ({ 'data-row': r.key }) as React.HTMLAttributes<HTMLElement>}
          style={{ maxWidth: 932 }}
          scroll={{ x: 930 }}
        />
      )}
      {without.length > 0 && (
        <ul className="gains-calc-tax-due__none" data-testid="tax-due-absent">
          {without.map((y) => (
            <li key={y.taxYear}>
              <Typography.Text type="secondary">
                {periodHeading(y).title}: {noTaxDueReason(taxpayer)}.
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
