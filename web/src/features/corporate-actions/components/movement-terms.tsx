import { Descriptions, Table, Typography } from 'antd';
import type { DocumentHeader } from '@gains/contracts';
import { formatDate, formatExactQuantity, formatText } from '@/lib/format';

type MovementRow = DocumentHeader['outPortfolios'][number];

/** The header modal's title per document type (seed 001 §2). */
export const headerModalTitle = (h: DocumentHeader | undefined) =>
  h?.documentTypeCode === 'PM' ? 'Portfolio Movement Header' : 'Corporate Action Header';

/** Portfolio movements show no security: SEDOL, ISIN and its name are a corporate action's (seed 001 §2). */
export const showsSecurity = (h: DocumentHeader) => h.documentTypeCode !== 'PM';

function MovementGroup({ title, rows, testId }: { title: string; rows: MovementRow[]; testId: string }) {
  return (
    <div data-testid={testId} style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<MovementRow>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.ord}-${r.portfolioUuid}`}
        dataSource={rows}
        locale={{ emptyText: 'No portfolios' }}
        columns={[
          {
            title: 'Client',
            key: 'client',
            render: (_, r) => formatText([r.clientCode, r.clientName].filter(Boolean).join(' · ')),
          },
          {
            title: 'Portfolio',
            key: 'portfolio',
            render: (_, r) => formatText([r.portfolioCode, r.portfolioName].filter(Boolean).join(' · ')),
          },
          {
            title: 'Transfer Percentage',
            key: 'percentage',
            align: 'right',
            render: (_, r) => `${formatExactQuantity(r.transferPercentage)}%`,
          },
        ]}
      />
    </div>
  );
}

/** Seed 001 §2 "Event Terms", portfolio movement: Trade Date, then the Out and In groups. */
export function MovementTerms({ header: h }: { header: DocumentHeader }) {
  return (
    <div data-testid="header-event-terms">
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Trade Date">{formatDate(h.tradeDate)}</Descriptions.Item>
      </Descriptions>
      <MovementGroup title="Out" rows={h.outPortfolios} testId="header-movement-out" />
      <MovementGroup title="In" rows={h.inPortfolios} testId="header-movement-in" />
    </div>
  );
}
