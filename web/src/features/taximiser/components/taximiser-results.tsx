import { Alert, Descriptions, Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TaximiserPersonPlan as TaximiserPlan, TaximiserDisposal, TaximiserRebuy } from '@gains/contracts';
import { formatMoney, formatPrice, formatQuantity, formatText, isNegative } from '@/lib/format';

/** A money figure: GBP to 2 decimals, grouped, negatives marked and red. */
export function Money({ value }: { value: string | null | undefined }) {
  return (
    <span className={isNegative(value) ? 'gains-amount gains-amount--negative' : 'gains-amount'}>
      {formatMoney(value)}
    </span>
  );
}

const money = <Row extends object>(key: keyof Row & string, title: string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (value: string | null | undefined) => <Money value={value} />,
});

/** A right-aligned figure that is not money: a quantity, a price per share. */
const figure = (key: string, title: string, format: (v: string) => string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (v: string) => <span className="gains-amount">{format(v)}</span>,
});

type DisposalRow = TaximiserDisposal & { key: string; issuerName: string };

const DISPOSAL_COLUMNS: ColumnsType<DisposalRow> = [
  { key: 'portfolioCode', dataIndex: 'portfolioCode', title: 'Portfolio Code', render: formatText },
  { key: 'sedol', dataIndex: 'sedol', title: 'SEDOL', render: formatText },
  { key: 'isin', dataIndex: 'isin', title: 'ISIN', render: formatText },
  { key: 'issuerName', dataIndex: 'issuerName', title: 'Issuer Name', render: formatText },
  { key: 'name', dataIndex: 'name', title: 'Security Name', render: formatText },
  figure('quantity', 'Quantity', formatQuantity),
  money<DisposalRow>('cgtCost', 'CGT Cost'),
  money<DisposalRow>('proceeds', 'Proceeds'),
  money<DisposalRow>('incomeGain', 'Income Gain'),
  money<DisposalRow>('capitalGainLoss', 'Capital Gain/Loss'),
];

/** The reason line and, where the engine's figure differs from §9's formula, why. */
function DisposalNotes({ row }: { row: DisposalRow }) {
  return (
    <div className="gains-taximiser__reason" data-testid="taximiser-disposal-note">
      {row.reason && <div>{row.reason}</div>}
      {row.matchedBy.length > 0 && (
        <div>
          Matched by:{' '}
          {row.matchedBy.map((m) => (
            <Tag key={m}>{m}</Tag>
          ))}
        </div>
      )}
      {row.difference && (
        <div className="gains-taximiser__difference" data-testid="taximiser-difference">
          Differs from the simple formula (cost {formatMoney(row.formula?.cgtCost)}, proceeds{' '}
          {formatMoney(row.formula?.proceeds)}, gain {formatMoney(row.formula?.gain)}): {row.difference}
        </div>
      )}
    </div>
  );
}

/** The Disposals table (seed 000 §2.7), each row with its reason. */
export function DisposalsTable({
  plan,
  issuers,
}: {
  plan: TaximiserPlan | undefined;
  /** Issuer names by security id (the holdings'): the plan names the security only. */
  issuers: ReadonlyMap<number, string>;
}) {
  const rows: DisposalRow[] = (plan?.disposals ?? []).map((d) => ({
    ...d,
    key: String(d.securityId),
    issuerName: issuers.get(d.securityId) ?? d.code,
  }));
  return (
    <section className="gains-grid-panel" data-testid="taximiser-disposals">
      <Typography.Title level={4} className="gains-taximiser__heading">
        Disposals
      </Typography.Title>
      {plan?.summary && (
        <Alert
          type="info"
          showIcon
          message={plan.summary}
          data-testid="taximiser-summary"
          className="gains-taximiser__summary"
        />
      )}
      <Table<DisposalRow>
        size="small"
        rowKey="key"
        columns={DISPOSAL_COLUMNS}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: rows.map((r) => r.key),
          expandedRowRender: (row) => <DisposalNotes row={row} />,
          rowExpandable: (row) => !!(row.reason || row.difference || row.matchedBy.length),
          showExpandColumn: false,
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={plan ? 'The plan disposes of nothing' : 'No disposals yet: calculate or plan some'}
            />
          ),
        }}
      />
    </section>
  );
}

/** The Disposal totals table. */
export function TotalsTable({ plan }: { plan: TaximiserPlan | undefined }) {
  const totals = plan?.totals;
  return (
    <section className="gains-grid-panel" data-testid="taximiser-totals">
      <Typography.Title level={4} className="gains-taximiser__heading">
        Disposal totals
      </Typography.Title>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={totals ? [{ key: 'totals', ...totals }] : []}
        columns={[
          money('costTotal', 'CGT Cost'),
          money('proceedTotal', 'Proceeds'),
          {
            key: 'disposalCount',
            dataIndex: 'disposalCount',
            title: 'Disposal Count',
            align: 'right',
          },
          money('incomeGainTotal', 'Income Gains'),
          money('capitalGainLossTotal', 'Capital Gain/Loss'),
        ]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No disposals yet" /> }}
      />
    </section>
  );
}

/** The Client position table: the client's year with the plan added. */
export function PositionTable({
  plan,
  client,
}: {
  plan: TaximiserPlan | undefined;
  client: { code: string; name: string } | undefined;
}) {
  const p = plan?.position;
  return (
    <section className="gains-grid-panel" data-testid="taximiser-position">
      <Typography.Title level={4} className="gains-taximiser__heading">
        Client position
      </Typography.Title>
      {p ? (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Client Code">{formatText(client?.code)}</Descriptions.Item>
          <Descriptions.Item label="Client Name">{formatText(client?.name)}</Descriptions.Item>
          <Descriptions.Item label="YTD Capital Gain/Loss">
            <Money value={p.ytdCapitalGainLoss} />
          </Descriptions.Item>
          <Descriptions.Item label="Taximiser Capital Gain/Loss">
            <Money value={p.taximiserGainLoss} />
          </Descriptions.Item>
          <Descriptions.Item label="Resultant Capital Gain/Loss">
            <Money value={p.resultantCapitalGainLoss} />
          </Descriptions.Item>
          <Descriptions.Item label="Annual Exemption Remaining">
            <span data-testid="taximiser-ae-remaining">
              <Money value={p.aeRemaining} />
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Unused Brought-Forward Losses">
            <Money value={p.unusedBroughtForwardLosses} />
          </Descriptions.Item>
          <Descriptions.Item label="YTD Income Gain">
            <Money value={p.ytdIncomeGain} />
          </Descriptions.Item>
          <Descriptions.Item label="Taximiser Income Gains">
            <Money value={p.taximiserIncomeGains} />
          </Descriptions.Item>
          <Descriptions.Item label="Resultant Income Gain">
            <Money value={p.resultantIncomeGain} />
          </Descriptions.Item>
          <Descriptions.Item label="Resultant Chargeable Capital Gain">
            <span data-testid="taximiser-resultant-chargeable">
              <Money value={p.resultantChargeableCapitalGainLoss} />
            </span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No disposals yet" />
      )}
    </section>
  );
}

/** The capital gains tax of the year without and with the plan, or why it is not worked out; and the warnings. */
export function TaxPanel({ plan }: { plan: TaximiserPlan | undefined }) {
  if (!plan) return null;
  const tax = plan.tax;
  return (
    <>
      <section className="gains-grid-panel" data-testid="taximiser-tax">
        <Typography.Title level={4} className="gains-taximiser__heading">
          Capital gains tax {tax?.taxYear ? `(${tax.taxYear})` : ''}
        </Typography.Title>
        {tax && tax.before !== '' ? (
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label="Without the plan">
              <Money value={tax.before} />
            </Descriptions.Item>
            <Descriptions.Item label="With the plan">
              <Money value={tax.after} />
            </Descriptions.Item>
            <Descriptions.Item label="The plan costs">
              <Money value={tax.plan} />
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {tax?.note && <Typography.Paragraph type="secondary">{tax.note}</Typography.Paragraph>}
        {tax && tax.proRata ? (
          <Descriptions size="small" bordered column={2} data-testid="taximiser-pro-rata">
            <Descriptions.Item label="The same cash raised pro rata would cost">
              <Money value={tax.proRata} />
            </Descriptions.Item>
            <Descriptions.Item label="The plan saves">
              <Money value={tax.saving} />
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {tax?.proRataNote && <Typography.Paragraph type="secondary">{tax.proRataNote}</Typography.Paragraph>}
        {plan.tradeDate && (
          <Typography.Paragraph type="secondary">
            Sales dated {plan.tradeDate.split('-').reverse().join('/')}
          </Typography.Paragraph>
        )}
      </section>
      {plan.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="taximiser-warnings"
          message="Before trading"
          description={
            <ul className="gains-taximiser__warnings">
              {plan.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}

type RebuyRow = TaximiserRebuy & { key: string };

const REBUY_COLUMNS: ColumnsType<RebuyRow> = [
  {
    key: 'where',
    dataIndex: 'where',
    title: 'Bought back',
    render: (where: string) => (where === 'ISA' ? 'In the ISA' : 'By the spouse'),
  },
  { key: 'portfolioCode', dataIndex: 'portfolioCode', title: 'Portfolio Code', render: formatText },
  { key: 'sedol', dataIndex: 'sedol', title: 'SEDOL', render: formatText },
  { key: 'name', dataIndex: 'name', title: 'Security Name', render: formatText },
  figure('quantity', 'Quantity', formatQuantity),
  figure('price', 'Price', formatPrice),
  money<RebuyRow>('cost', 'Cost'),
];

/** Bed and ISA / bed and spouse: what the plan buys back, the ISA allowance it uses, and why the sales stand. */
export function RebuysPanel({ plan }: { plan: TaximiserPlan | undefined }) {
  if (!plan || !plan.rebuyNote) return null;
  const isa = plan.isa;
  return (
    <section className="gains-grid-panel" data-testid="taximiser-rebuys">
      <Typography.Title level={4} className="gains-taximiser__heading">
        Rebuys
      </Typography.Title>
      <Table<RebuyRow>
        size="small"
        pagination={false}
        columns={REBUY_COLUMNS}
        dataSource={plan.rebuys.map((r) => ({ ...r, key: `${r.securityId}` }))}
        expandable={{
          expandedRowRender: (row) => <div className="gains-taximiser__reason">{row.reason}</div>,
          defaultExpandAllRows: true,
          showExpandColumn: false,
        }}
        locale={{ emptyText: <Empty description="Nothing is bought back" /> }}
      />
      {isa && (
        <Descriptions size="small" bordered column={3} data-testid="taximiser-isa">
          <Descriptions.Item label={`ISA allowance ${isa.taxYear}`}>
            <Money value={isa.allowance} />
          </Descriptions.Item>
          <Descriptions.Item label={isa.subscribedBasis === 'ENTERED' ? 'Subscribed (entered)' : 'Subscribed (ledger)'}>
            <Money value={isa.subscribed} />
          </Descriptions.Item>
          <Descriptions.Item label="Left">
            <Money value={isa.left} />
          </Descriptions.Item>
          <Descriptions.Item label="The rebuys use">
            <Money value={isa.rebuyCost} />
          </Descriptions.Item>
          <Descriptions.Item label="Left after them">
            <Money value={isa.leftAfter} />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" data-testid="taximiser-rebuy-note">
        {plan.rebuyNote}
      </Typography.Paragraph>
    </section>
  );
}
