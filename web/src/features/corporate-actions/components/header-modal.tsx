import { Button, Collapse, Descriptions, Modal, Space, Spin, Tabs, Tag, Typography } from 'antd';
import type { DocumentHeader, DocumentType } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { isApiError } from '@/lib/api-client';
import { formatBoolean, formatDate, formatExactQuantity, formatNumber, formatPrice, formatText } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useHeader } from '../api/get-header';
import { useHeaderAction } from '../api/process-header';
import { headerActions, isInProgress, statusLabel } from './header-rules';
import { HeaderRowsTab } from './header-rows-tab';
import { ConfirmActionButton } from './confirm-action-button';
import { EventTermsEditor } from './event-terms-editor';
import { headerModalTitle, MovementTerms, showsSecurity } from './movement-terms';

/** Seed 001 §2 "Header modal", corporate action: its terms, candidates, previews and counts; Create transactions. */
export function HeaderModal({
  organisationUuid,
  uuid,
  types,
  onClose,
}: {
  organisationUuid: string;
  uuid: string | undefined;
  types: DocumentType[] | undefined;
  onClose: () => void;
}) {
  const header = useHeader(organisationUuid, uuid);
  const h = header.data;
  const process = useHeaderAction(organisationUuid, 'process');
  const reverse = useHeaderAction(organisationUuid, 'reverse');
  const remove = useHeaderAction(organisationUuid, 'delete');
  const refresh = useHeaderAction(organisationUuid, 'refresh');
  const actions = headerActions(h?.status ?? '');
  const busy = process.isPending || reverse.isPending || remove.isPending || refresh.isPending;

  // seed 001 §8: the action's toast, or the server's message ('Unknown error' when none)
  const run = (action: typeof process, done: string) => {
    if (!h) return;
    action.mutate(h.uuid, {
      onSuccess: () => notify.success(done),
      onError: (error) => notify.error(isApiError(error) ? error.typeDescription : 'Unknown error'),
    });
  };
  const createTransactions = () => run(process, 'Creating transactions');

  return (
    <Modal
      open={Boolean(uuid)}
      onCancel={onClose}
      title={headerModalTitle(h)}
      width={1200}
      destroyOnHidden
      footer={
        <Space>
          {/* §4: Delete only while PENDING, Reverse only while RUN or COMPLETED; each asks first */}
          <ConfirmActionButton
            label="Delete"
            title="Delete this header?"
            description="Its candidates and previews go; nothing was posted."
            allowed={actions.delete}
            busy={busy}
            danger
            testId="header-delete"
            onConfirm={() => run(remove, 'Header deleted')}
          />
          <ConfirmActionButton
            label="Reverse"
            title="Reverse this header?"
            description="Every transaction it posted is reversed in the ledger and the holders are recalculated."
            allowed={actions.reverse}
            busy={busy}
            testId="header-reverse"
            onConfirm={() => run(reverse, 'Header reversed')}
          />
          <ConfirmActionButton
            label="Refresh"
            title="Refresh the candidates?"
            description={
              h?.documentTypeCode === 'PM'
                ? 'The out portfolios’ holdings at the trade date are read again from the ledger; a candidate whose holding changed is left out until you include it.'
                : 'The holders are found again from the ledger; a candidate whose holding changed is left out until you include it.'
            }
            allowed={actions.refresh}
            busy={busy}
            testId="header-refresh"
            onConfirm={() => run(refresh, 'Refreshing candidates')}
          />
          <Button
            type="primary"
            data-testid="header-create-transactions"
            disabled={!actions.createTransactions || busy}
            loading={process.isPending}
            onClick={createTransactions}
          >
            Create transactions
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Space>
      }
    >
      {header.isError && <ApiErrorAlert title="Failed to fetch the header" error={header.error} />}
      {header.isLoading && <Spin />}
      {h && (
        <HeaderBody
          organisationUuid={organisationUuid}
          header={h}
          types={types}
          onCreateTransactions={createTransactions}
          creating={process.isPending}
        />
      )}
    </Modal>
  );
}

/** The header's grids, in the window's order (seed 001 §2). */
const ROW_TABS = [
  { key: 'candidates', label: 'Candidates' },
  { key: 'previews', label: 'Previews' },
  { key: 'preview-transactions', label: 'Proposed Transactions' },
  { key: 'transactions', label: 'Transactions' },
] as const;

function HeaderBody({
  organisationUuid,
  header: h,
  types,
  onCreateTransactions,
  creating,
}: {
  organisationUuid: string;
  header: DocumentHeader;
  types: DocumentType[] | undefined;
  onCreateTransactions: () => void;
  creating: boolean;
}) {
  const type = types?.find((t) => t.uuid === h.typeUuid);
  return (
    <div data-testid="header-modal" data-status={h.status}>
      <Descriptions size="small" column={4}>
        {showsSecurity(h) && <Descriptions.Item label="SEDOL">{formatText(h.sedol)}</Descriptions.Item>}
        {showsSecurity(h) && <Descriptions.Item label="ISIN">{formatText(h.isin)}</Descriptions.Item>}
        {showsSecurity(h) && <Descriptions.Item label="Security">{formatText(h.securityName)}</Descriptions.Item>}
        <Descriptions.Item label="Status">
          <Space size="small">
            <Tag data-testid="header-status">{statusLabel(h.status)}</Tag>
            {isInProgress(h.status) && <Spin size="small" />}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'terms',
            label: 'Event Terms',
            children: showsSecurity(h) ? (
              <EventTermsEditor organisationUuid={organisationUuid} header={h} type={type}>
                <EventTerms header={h} type={type} />
              </EventTermsEditor>
            ) : (
              <MovementTerms header={h} />
            ),
          },
          ...ROW_TABS.map(({ key, label }) => ({
            key,
            label,
            children: (
              <HeaderRowsTab
                organisationUuid={organisationUuid}
                header={h}
                type={type}
                kind={key}
                onCreateTransactions={onCreateTransactions}
                creating={creating}
              />
            ),
          })),
          { key: 'audit', label: 'Audit Details', children: <AuditDetails header={h} type={type} /> },
        ]}
      />
    </div>
  );
}

function EventTerms({ header: h, type }: { header: DocumentHeader; type: DocumentType | undefined }) {
  const showParentPrice = Boolean(type?.parentSecurityPriceMandatory || h.parentSecurityPrice);
  return (
    <div data-testid="header-event-terms">
      <Descriptions size="small" bordered column={3}>
        <Descriptions.Item label="Ex Date">{formatDate(h.exDate)}</Descriptions.Item>
        <Descriptions.Item label="Pay Date">{formatDate(h.payDate)}</Descriptions.Item>
        <Descriptions.Item label="Start Date">{formatDate(h.startDate)}</Descriptions.Item>
        <Descriptions.Item label="Layer">{formatText(h.layerName)}</Descriptions.Item>
        {showParentPrice && (
          <Descriptions.Item label="Parent Security Price">{formatPrice(h.parentSecurityPrice)}</Descriptions.Item>
        )}
        {h.fractionPrice && (
          <Descriptions.Item label="Fraction Price">{formatPrice(h.fractionPrice)}</Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Rates
      </Typography.Title>
      {h.lines.length === 0 ? (
        <Typography.Text type="secondary">No rates</Typography.Text>
      ) : (
        <Collapse
          defaultActiveKey={h.lines.map((l) => l.uuid)}
          items={h.lines.map((l) => ({
            key: l.uuid,
            label: formatText(l.transactionTypeName),
            children: (
              <Descriptions size="small" column={3} data-testid="header-rate">
                <Descriptions.Item label="Rate">{formatExactQuantity(l.rate)}</Descriptions.Item>
                <Descriptions.Item label="Per Parent">{formatExactQuantity(l.perParent)}</Descriptions.Item>
                <Descriptions.Item label="Price">{formatPrice(l.price)}</Descriptions.Item>
                <Descriptions.Item label="Calculated Rate Price">
                  {formatExactQuantity(l.calculatedRatePrice)}
                </Descriptions.Item>
                <Descriptions.Item label="Apportionment Factor">
                  {formatExactQuantity(l.apportionmentFactor)}
                </Descriptions.Item>
                <Descriptions.Item label="Security">
                  {/* a line without its own security is on the header's */}
                  {l.securityId
                    ? [l.sedol, l.isin, l.securityName].filter(Boolean).join(' · ')
                    : "The header's security"}
                </Descriptions.Item>
              </Descriptions>
            ),
          }))}
        />
      )}
    </div>
  );
}

function AuditDetails({ header: h, type }: { header: DocumentHeader; type: DocumentType | undefined }) {
  const c = h.counts;
  const count = (n: number | undefined) => formatNumber(n ?? 0);
  return (
    <Descriptions size="small" bordered column={2} data-testid="header-audit">
      <Descriptions.Item label="Type">{formatText(type?.name ?? h.typeName)}</Descriptions.Item>
      {showsSecurity(h) && <Descriptions.Item label="Sedol">{formatText(h.sedol)}</Descriptions.Item>}
      {showsSecurity(h) && <Descriptions.Item label="Isin">{formatText(h.isin)}</Descriptions.Item>}
      {showsSecurity(h) && <Descriptions.Item label="Security Name">{formatText(h.securityName)}</Descriptions.Item>}
      <Descriptions.Item label="Code">{formatText(h.code)}</Descriptions.Item>
      <Descriptions.Item label="Version">{formatNumber(h.version)}</Descriptions.Item>
      <Descriptions.Item label="Edited">{formatBoolean(h.edited)}</Descriptions.Item>
      <Descriptions.Item label="Candidates Edited">{count(c?.candidatesEdited)}</Descriptions.Item>
      <Descriptions.Item label="Previews Edited">{count(c?.previewsEdited)}</Descriptions.Item>
      <Descriptions.Item label="Total Candidates">{count(c?.candidates)}</Descriptions.Item>
      <Descriptions.Item label="Total Candidates Successes">{count(c?.successes)}</Descriptions.Item>
      <Descriptions.Item label="Total Candidates Failures">{count(c?.failures)}</Descriptions.Item>
      <Descriptions.Item label="Total Posted Transactions">{count(c?.postedTransactions)}</Descriptions.Item>
      <Descriptions.Item label="Run Candidates">{count(c?.runCandidates)}</Descriptions.Item>
      <Descriptions.Item label="Run Candidates Successes">{count(c?.runSuccesses)}</Descriptions.Item>
      <Descriptions.Item label="Run Candidates Failures">{count(c?.runFailures)}</Descriptions.Item>
      <Descriptions.Item label="Total Runs">{count(c?.runs)}</Descriptions.Item>
    </Descriptions>
  );
}
