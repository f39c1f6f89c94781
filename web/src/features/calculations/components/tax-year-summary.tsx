import { Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { formatNumber, isNegative } from '@/lib/format';
import type { TaxYear } from '../api/compute-ledger';
import { periodHeading } from './calculation-text';
import { Money } from './money';

interface Figure {
  key: string;
  label: string;
  value: (year: TaxYear) => string | number | undefined;
  /** Shown only when some year has it non-zero (or present). */
  optional?: boolean;
  strong?: boolean;
}

const nonZero = (value: string | number | undefined) =>
  value !== undefined && (typeof value === 'number' ? value !== 0 : isNegative(value) || /[1-9]/.test(value));

/** The year's computation in the order it is worked (SA108 and HMRC's worksheets). */
const FIGURES: Figure[] = [
  { key: 'disposals', label: 'Disposals', value: (y) => y.numberOfDisposals },
  { key: 'proceeds', label: 'Proceeds', value: (y) => y.proceeds },
  { key: 'allowableCosts', label: 'Allowable costs', value: (y) => y.allowableCosts },
  { key: 'indexation', label: 'Indexation allowance', value: (y) => y.indexationAllowance, optional: true },
  { key: 'holdover', label: 'Holdover relief', value: (y) => y.holdoverRelief, optional: true },
  { key: 'gains', label: 'Gains', value: (y) => y.gains },
  {
    key: 'attributedGains',
    label: 'of which attributed (s87, s13)',
    value: (y) => y.attributedGains,
    optional: true,
  },
  { key: 'losses', label: 'Losses', value: (y) => y.losses },
  { key: 'netGains', label: 'Net gains', value: (y) => y.netGains, strong: true },
  {
    key: 'before30October',
    label: 'Net gains to 29/10/2024',
    value: (y) => y.ratePeriods?.upTo29October2024?.netGains,
    optional: true,
  },
  {
    key: 'from30October',
    label: 'Net gains from 30/10/2024',
    value: (y) => y.ratePeriods?.from30October2024?.netGains,
    optional: true,
  },
  { key: 'incomeGains', label: 'Income gains', value: (y) => y.incomeGains, optional: true },
  { key: 'exemptGains', label: 'Exempt gains', value: (y) => y.exemptGains, optional: true },
  { key: 'exemptLosses', label: 'Exempt losses', value: (y) => y.exemptLosses, optional: true },
  { key: 'aea', label: 'Annual exempt amount', value: (y) => y.annualExemptAmount },
  { key: 'lossesBf', label: 'Losses brought forward', value: (y) => y.lossesBroughtForward, optional: true },
  { key: 'lossesBfUsed', label: 'Losses brought forward used', value: (y) => y.lossesBroughtForwardUsed },
  { key: 'lossesCf', label: 'Losses carried forward', value: (y) => y.lossesCarriedForward },
  { key: 'taxableGain', label: 'Taxable gain', value: (y) => y.taxableGain, strong: true },
  { key: 'taxDue', label: 'Tax due', value: (y) => y.taxDue?.total, optional: true, strong: true },
];

const LABEL_WIDTH = 220;
const YEAR_WIDTH = 128;
/** A company's accounting period, headed by its dates. */
const PERIOD_WIDTH = 168;

/** Each tax year's figures, a column a year, so the years read side by side as on a computation. */
export function TaxYearSummary({ taxYears }: { taxYears: TaxYear[] }) {
  const figures = FIGURES.filter(
    (f) => !f.optional || taxYears.some((y) => (f.key === 'taxDue' ? y.taxDue : nonZero(f.value(y)))),
  );
  const byPeriod = taxYears.some((y) => periodHeading(y).dates);
  const yearWidth = byPeriod ? PERIOD_WIDTH : YEAR_WIDTH;
  const columns: TableColumnsType<Figure> = [
    {
      key: 'label',
      title: byPeriod ? 'Accounting period' : 'Tax year',
      dataIndex: 'label',
      fixed: 'left',
      width: LABEL_WIDTH,
    },
    ...taxYears.map((year) => ({
      key: year.taxYear,
      title: (
        <span className="gains-calc-year">
          <span className="gains-calc-year__heading">
            {periodHeading(year).title}
            {periodHeading(year).dates && <span className="gains-calc-year__dates">{periodHeading(year).dates}</span>}
          </span>
          {!year.complete && (
            <Tooltip title="A disposal of this year could not be calculated and is left out: see the failures">
              <Tag color="warning">Incomplete</Tag>
            </Tooltip>
          )}
        </span>
      ),
      align: 'right' as const,
      width: yearWidth,
      onCell: () => ({ 'data-year': year.taxYear }) as React.HTMLAttributes<HTMLElement>,
      render: (_: unknown, figure: Figure) => {
        const value = figure.value(year);
        if (typeof value === 'number') return formatNumber(value);
        return <Money value={value} strong={figure.strong} />;
      },
    })),
  ];
  return (
    <Table<Figure>
      className="gains-calc-summary"
      data-testid="tax-year-summary"
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      rowClassName={(f) => (f.strong ? 'gains-calc-summary__strong' : '')}
      columns={columns}
      dataSource={figures}
      style={{ maxWidth: LABEL_WIDTH + yearWidth * taxYears.length + 2 }}
      scroll={{ x: LABEL_WIDTH + yearWidth * taxYears.length }}
      onRow={(f) => ({ 'data-figure': f.key }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
