import { Alert, Button, Descriptions, Table, Typography, type TableColumnsType } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { formatDate, formatExactQuantity, formatMoney, isNegative } from '@/lib/format';
import type { Match } from '../api/compute-ledger';
import { matchRuleLabel, matchWorking, poolText, transactionTypeLabel } from './calculation-text';
import type { DisposalRow } from './disposals-columns';
import { Money } from './money';

const nonZero = (value: string) => isNegative(value) || /[1-9]/.test(value);

/** The gain as a sum to check: proceeds − allowable cost (− indexation − holdover relief) = gain. */
function gainWorking(d: DisposalRow): string {
  const terms = [`${formatMoney(d.proceeds)} − ${formatMoney(d.allowableCost)}`];
  if (nonZero(d.indexationAllowance)) terms.push(`− ${formatMoney(d.indexationAllowance)} indexation`);
  if (nonZero(d.holdoverRelief)) terms.push(`− ${formatMoney(d.holdoverRelief)} holdover`);
  return `${terms.join(' ')} = ${formatMoney(d.gain)}`;
}

/** One disposal opened: its figures, and each match with the pool before and after, to check by hand. */
export function DisposalDetail({ disposal, onClose }: { disposal: DisposalRow; onClose: () => void }) {
  const indexed = disposal.matches.some((m) => m.indexedCost);
  const columns: TableColumnsType<Match> = [
    { key: 'rule', title: 'Matched with', render: (_, m) => matchRuleLabel(m.rule), width: 210 },
    {
      key: 'acquired',
      title: 'Acquired',
      render: (_, m) => (m.rule === 'section-104' ? 'Pool' : formatDate(m.acquisitionDate)),
      width: 100,
    },
    {
      key: 'quantity',
      title: 'Quantity',
      align: 'right',
      render: (_, m) => formatExactQuantity(m.quantity),
      width: 100,
    },
    { key: 'cost', title: 'Cost', align: 'right', render: (_, m) => <Money value={m.cost} />, width: 120 },
    ...(indexed
      ? [
          {
            key: 'indexed',
            title: 'Indexed cost',
            align: 'right' as const,
            render: (_: unknown, m: Match) => <Money value={m.indexedCost} />,
            width: 130,
          },
        ]
      : []),
    { key: 'working', title: 'Cost taken as', render: (_, m) => matchWorking(m) },
    {
      key: 'pool',
      title: 'Pool before → after (shares / cost)',
      render: (_, m) =>
        m.poolBefore ? (
          <span className="gains-calc-pool" data-testid="match-pool">
            <span data-testid="pool-before">{poolText(m.poolBefore)}</span>
            <span className="gains-calc-pool__arrow">→</span>
            <span data-testid="pool-after">{poolText(m.poolAfter)}</span>
          </span>
        ) : (
          <Typography.Text type="secondary">Not from the pool</Typography.Text>
        ),
    },
  ];

  const refs = disposal.portfolios
    .map((p) => [p.portfolio, p.ref].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ');

  return (
    <section className="gains-panel gains-calc-detail" data-testid="disposal-detail" aria-label="Disposal matches">
      <div className="gains-calc-section__header">
        <Typography.Title level={5} className="gains-calc-section__title">
          {transactionTypeLabel(disposal.type)} of {formatExactQuantity(disposal.quantity)} {disposal.security} on{' '}
          {formatDate(disposal.date)}
        </Typography.Title>
        <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label="Close the disposal" />
      </div>
      {disposal.failure && <Alert type="warning" showIcon message={disposal.failure} className="gains-calc-gap" />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2, xl: 4 }}
        className="gains-calc-gap"
        items={[
          { key: 'proceeds', label: 'Proceeds', children: <Money value={disposal.proceeds} /> },
          { key: 'acquisitionCost', label: 'Cost of the shares', children: <Money value={disposal.acquisitionCost} /> },
          { key: 'disposalCosts', label: 'Costs of disposal', children: <Money value={disposal.disposalCosts} /> },
          { key: 'allowableCost', label: 'Allowable cost', children: <Money value={disposal.allowableCost} /> },
          ...(nonZero(disposal.indexationAllowance)
            ? [{ key: 'ia', label: 'Indexation allowance', children: <Money value={disposal.indexationAllowance} /> }]
            : []),
          ...(nonZero(disposal.holdoverRelief)
            ? [{ key: 'hr', label: 'Holdover relief', children: <Money value={disposal.holdoverRelief} /> }]
            : []),
          { key: 'gain', label: 'Gain', children: <Money value={disposal.gain} strong /> },
          { key: 'working', label: 'Working', children: gainWorking(disposal), span: 2 },
          ...(disposal.counterparty
            ? [
                {
                  key: 'counterparty',
                  label: 'To',
                  children: `${disposal.counterparty}${disposal.connected ? ' (connected)' : ''}`,
                },
              ]
            : []),
          ...(refs ? [{ key: 'refs', label: 'Ledger rows', children: refs }] : []),
        ]}
      />
      <Table<Match>
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        columns={columns}
        dataSource={disposal.matches}
        data-testid="disposal-matches"
        className="gains-calc-matches"
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
