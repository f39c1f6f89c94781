import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { SecurityDetail } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatPrice, formatText, todayIso } from '@/lib/format';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { usePriceHistory, useSecurity } from '../api/get-security';
import { PriceChart } from './price-chart';
import { PriceTable } from './price-table';
import { SecurityForm } from './security-form';
import { ASSET_CLASS_LABELS, CGT_CLASS_LABELS, STATUS_LABELS, labelOf } from './security-rules';
import { ChangeDiff } from './change-diff';

const RANGES = { '1M': 1, '6M': 6, '1Y': 12, '5Y': 60 } as const;
type Range = keyof typeof RANGES;

/** The `from` of a range ending today: `rangeFrom('1Y', '2026-11-26')` → `2025-11-26`. */
export function rangeFrom(range: Range, to: string): string {
  return dayjs(to).subtract(RANGES[range], 'month').format('YYYY-MM-DD');
}

function Details({ security }: { security: SecurityDetail }) {
  const latest = security.latestPrice;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="security-details">
      <Descriptions.Item label="Id">{security.id}</Descriptions.Item>
      <Descriptions.Item label="SEDOL">{formatText(security.sedol)}</Descriptions.Item>
      <Descriptions.Item label="ISIN">{formatText(security.isin)}</Descriptions.Item>
      <Descriptions.Item label="Security name">{formatText(security.securityName)}</Descriptions.Item>
      <Descriptions.Item label="Reporting name">{formatText(security.reportingName)}</Descriptions.Item>
      <Descriptions.Item label="Currency">{formatText(security.currency)}</Descriptions.Item>
      <Descriptions.Item label="Asset class">{labelOf(ASSET_CLASS_LABELS, security.assetClass)}</Descriptions.Item>
      <Descriptions.Item label="CGT class">{labelOf(CGT_CLASS_LABELS, security.cgtClass)}</Descriptions.Item>
      <Descriptions.Item label="Status">{labelOf(STATUS_LABELS, security.status)}</Descriptions.Item>
      <Descriptions.Item label="Quantity decimals">{security.quantityDecimalPlaces}</Descriptions.Item>
      <Descriptions.Item label="Latest price">
        {latest ? (
          <Space size="small">
            <span>
              {latest.currency} {formatPrice(latest.price)} ({formatMoney(latest.priceGbp)}) on{' '}
              {formatDate(latest.date)}
            </span>
            {latest.stale && <Tag color="orange">Stale</Tag>}
          </Space>
        ) : (
          'No price yet'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Last modified">
        {formatDateTime(security.lastModifiedDate)} {security.lastModifiedByName && `by ${security.lastModifiedByName}`}
      </Descriptions.Item>
      <Descriptions.Item label="Description" span={{ xs: 1, md: 2, xl: 3 }}>
        {formatText(security.securityDescription)}
      </Descriptions.Item>
      <Descriptions.Item label="Long description" span={{ xs: 1, md: 2, xl: 3 }}>
        {formatText(security.securityLongDescription)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A security's page: its details, its issuer, its pending changes and its price history (chart and table). */
export function SecurityView({
  organisationUuid,
  id,
  canEdit,
}: {
  organisationUuid: string;
  id: number;
  canEdit: boolean;
}) {
  const security = useSecurity(organisationUuid, id);
  const [editing, setEditing] = useState(false);
  const [range, setRange] = useState<Range>('1Y');
  const to = useMemo(() => todayIso(), []);
  const from = rangeFrom(range, to);
  const history = usePriceHistory(organisationUuid, id, from, to);

  if (!Number.isInteger(id) || id < 1 || (isApiError(security.error) && security.error.status === 404))
    return <Result status="404" title="Security not found" />;
  if (security.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (security.isError)
    return <ApiErrorAlert title="There was a problem fetching the security" error={security.error} />;
  const s = security.data;

  if (editing)
    return (
      <SecurityForm
        organisationUuid={organisationUuid}
        security={s}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        size="small"
        title="Details"
        extra={
          canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
      >
        <Details security={s} />
      </Card>
      {s.pendingChanges.filter((c) => c.status === 'PENDING').length > 0 && (
        <Alert
          type="info"
          showIcon
          message="Changes awaiting approval"
          description={s.pendingChanges
            .filter((c) => c.status === 'PENDING')
            .map((c) => (
              <div key={c.uuid} style={{ marginTop: 8 }}>
                <Typography.Text type="secondary">
                  Proposed by {c.proposedByName} on {formatDateTime(c.proposedAt)}
                </Typography.Text>
                <ChangeDiff change={c} />
              </div>
            ))}
        />
      )}
      <Card size="small" title="Issuer" data-testid="security-issuer">
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="Name">{formatText(s.issuerName)}</Descriptions.Item>
          <Descriptions.Item label="Long name">{formatText(s.issuerLongName)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        size="small"
        title="Price history"
        extra={
          <Segmented<Range>
            options={Object.keys(RANGES) as Range[]}
            value={range}
            onChange={setRange}
            aria-label="Price history period"
          />
        }
      >
        {history.isError ? (
          <ApiErrorAlert title="There was a problem fetching the price history" error={history.error} />
        ) : history.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            {history.data.oldPriceAgeDays !== null && (
              <Typography.Paragraph type="secondary">
                Prices older than {history.data.oldPriceAgeDays} days are marked stale.
              </Typography.Paragraph>
            )}
            <PriceChart prices={history.data.prices} currency={history.data.currency} />
            <PriceTable prices={history.data.prices} loading={history.isFetching} />
          </>
        )}
      </Card>
    </Space>
  );
}
