import type { ReactNode } from 'react';
import { Alert, Skeleton, Table, Typography } from 'antd';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useRunWarnings, useStoredCalculation, type ChangedTaxYear } from '../api/calculation-runs';
import { taxpayerLabel } from './calculation-text';
import { CalculationFailures } from './calculation-failures';
import { HoldingsTable } from './holdings-table';
import { TRIGGER_LABELS } from './calculation-runs-table';
import { StoredRunDisposals } from './stored-run-disposals';
import { TaxYearSummary } from './tax-year-summary';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="gains-panel gains-calc-section" data-testid={testId} aria-label={title}>
      <div className="gains-calc-section__header">
        <Typography.Title level={4} className="gains-calc-section__title">
          {title}
        </Typography.Title>
      </div>
      {children}
    </section>
  );
}

/** A closed year this run moved (a back-dated change): its summary before and after, side by side. */
function ChangedYears({ years }: { years: ChangedTaxYear[] }) {
  if (years.length === 0) return null;
  return (
    <Section title="Closed tax years this run changed" testId="changed-years">
      {years.map((y) => (
        <div key={y.taxYear} className="gains-calc-changed-year">
          <Typography.Text strong>{y.taxYear}: before, then after</Typography.Text>
          <TaxYearSummary
            taxYears={[
              { ...y.before, taxYear: `${y.taxYear} before` },
              { ...y.after, taxYear: `${y.taxYear} after` },
            ]}
          />
        </div>
      ))}
    </Section>
  );
}

/** Warnings beyond the failures list: years the failures left incomplete. */
function RunWarnings({ organisationUuid, runId }: { organisationUuid: string; runId: string }) {
  const warnings = useRunWarnings(organisationUuid, runId);
  const rows = warnings.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Section title="Warnings" testId="run-warnings">
      <Table
        size="small"
        pagination={false}
        rowKey={(w) => `${w.kind}/${w.taxYear}/${w.security}/${w.date}/${w.ref ?? ''}`}
        dataSource={rows}
        columns={[
          { key: 'taxYear', title: 'Tax year', dataIndex: 'taxYear', width: 110 },
          { key: 'date', title: 'Date', render: (_, w) => formatDate(w.date), width: 110 },
          { key: 'security', title: 'Security', dataIndex: 'security', width: 140 },
          { key: 'ref', title: 'Ledger row', render: (_, w) => w.ref ?? '-', width: 300 },
          { key: 'message', title: 'Warning', dataIndex: 'message' },
        ]}
      />
    </Section>
  );
}

/** One stored run: what was computed, failures, the years, every disposal with its matches, and the pools. */
export function StoredRun({ organisationUuid, runId }: { organisationUuid: string; runId: string }) {
  const stored = useStoredCalculation(organisationUuid, runId);
  if (stored.isPending) return <Skeleton active data-testid="stored-run-loading" />;
  if (stored.isError) return <ApiErrorAlert title="This calculation could not be loaded" error={stored.error} />;
  const { run, taxYears, holdings, holdingValues, failures, changedYears, taxpayer } = stored.data;
  const facts = [
    `Run ${run.id}`,
    TRIGGER_LABELS[run.trigger] ?? run.trigger,
    `ledger version ${run.ledgerVersion}`,
    taxpayerLabel(taxpayer),
    `${formatNumber(run.disposals)} ${run.disposals === 1 ? 'disposal' : 'disposals'}`,
    run.finishedAt ? `finished ${formatDateTime(run.finishedAt)}` : 'still computing',
    run.finishedAt ? `engine ${formatNumber(run.engineMs)} ms` : undefined,
  ].filter(Boolean);

  return (
    <div className="gains-calc-results" data-testid="stored-run" data-run={run.id}>
      <Typography.Text className="gains-calc-results__facts" data-testid="stored-run-facts">
        {facts.join(' · ')}
      </Typography.Text>
      {run.status === 'FAILED' && failures.length === 0 && (
        <Alert type="error" showIcon message="The engine could not compute this client's ledger" />
      )}
      <CalculationFailures failures={failures} />
      <ChangedYears years={changedYears} />
      <Section title="Tax years" testId="tax-years">
        {taxYears.length > 0 ? (
          <TaxYearSummary taxYears={taxYears} />
        ) : (
          <Typography.Text type="secondary">No disposals: nothing falls to be taxed.</Typography.Text>
        )}
      </Section>
      <Section title="Disposals" testId="disposals">
        <StoredRunDisposals organisationUuid={organisationUuid} runId={run.id} taxYears={taxYears} />
      </Section>
      <Section title="Pools and holdings" testId="holdings">
        <HoldingsTable holdings={holdings} values={holdingValues} />
      </Section>
      <RunWarnings organisationUuid={organisationUuid} runId={run.id} />
    </div>
  );
}
