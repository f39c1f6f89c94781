import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Button, Skeleton, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import {
  openFailuresReport,
  useRunWarnings,
  useStoredCalculation,
  type CalculationRun,
  type FigureChange,
  type TaxYearChange,
} from '../api/calculation-runs';
import { taxpayerLabel } from './calculation-text';
import { CalculationFailures } from './calculation-failures';
import { HoldingsTable } from './holdings-table';
import { Money } from './money';
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

/** A TaxYear field as words: 'lossesCarriedForward' → 'Losses carried forward'. */
const figureLabel = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A changed figure: a count (numberOfDisposals) as a number, money as money. */
const figure = (name: string, value: string) =>
  name.startsWith('number') ? formatNumber(value) : <Money value={value} />;

/**
 * The open tax years this run moved against the client's previous run, each moved figure before and after (a closed
 * year is shown whole by ClosedYearsChanged).
 */
function ChangedYears({ years }: { years: TaxYearChange[] }) {
  const rows = years
    .filter((y) => !y.closed)
    .flatMap((y) => y.figures.filter(moved).map((f) => ({ ...f, taxYear: y.taxYear })));
  if (rows.length === 0) return null;
  return (
    <Section title="Tax years this run changed" testId="changed-years">
      <Table
        size="small"
        pagination={false}
        rowKey={(r) => `${r.taxYear}/${r.figure}`}
        dataSource={rows}
        style={{ maxWidth: 760 }}
        columns={[
          { key: 'taxYear', title: 'Tax year', dataIndex: 'taxYear', width: 160 },
          { key: 'figure', title: 'Figure', render: (_, r) => figureLabel(r.figure), width: 220 },
          { key: 'before', title: 'Before', align: 'right', render: (_, r) => figure(r.figure, r.before), width: 150 },
          { key: 'after', title: 'After', align: 'right', render: (_, r) => figure(r.figure, r.after), width: 150 },
        ]}
      />
    </Section>
  );
}

const moved = (f: FigureChange) => f.before !== f.after;

/**
 * The closed tax years a back-dated change moved (the run raised a CLOSED_YEAR_CHANGED monitor log): each year
 * whole, every figure before the change and after it, the figures that moved marked.
 */
function ClosedYearsChanged({ years }: { years: TaxYearChange[] }) {
  const closed = years.filter((y) => y.closed && y.figures.some(moved));
  if (closed.length === 0) return null;
  return (
    <Section title="Closed years changed" testId="closed-years-changed">
      <Alert
        type="warning"
        showIcon
        message={`A back-dated change moved the figures of closed tax year${closed.length > 1 ? 's' : ''} ${closed
          .map((y) => y.taxYear)
          .join(', ')}: any return already made for ${closed.length > 1 ? 'them' : 'it'} may need amending.`}
      />
      {closed.map((y) => (
        <div key={y.taxYear} className="gains-calc-closed-year" data-testid="closed-year" data-year={y.taxYear}>
          <Typography.Title level={5} className="gains-calc-closed-year__title">
            {y.taxYear}{' '}
            <Tag color="warning">
              {y.figures.filter(moved).length} of {y.figures.length} figures changed
            </Tag>
          </Typography.Title>
          <Table<FigureChange>
            size="small"
            pagination={false}
            rowKey="figure"
            dataSource={y.figures}
            style={{ maxWidth: 640 }}
            rowClassName={(f) => (moved(f) ? 'gains-calc-changed' : '')}
            onRow={(f) =>
              ({ 'data-figure': f.figure, 'data-changed': String(moved(f)) }) as React.HTMLAttributes<HTMLElement>
            }
            columns={[
              { key: 'figure', title: 'Figure', render: (_, f) => figureLabel(f.figure), width: 260 },
              {
                key: 'before',
                title: 'Before',
                align: 'right',
                width: 150,
                onCell: () => ({ 'data-col': 'before' }) as React.HTMLAttributes<HTMLElement>,
                render: (_, f) => figure(f.figure, f.before),
              },
              {
                key: 'after',
                title: 'After',
                align: 'right',
                width: 150,
                onCell: () => ({ 'data-col': 'after' }) as React.HTMLAttributes<HTMLElement>,
                render: (_, f) => figure(f.figure, f.after),
              },
              {
                key: 'changed',
                title: '',
                width: 90,
                render: (_, f) => (moved(f) ? <Tag color="orange">Changed</Tag> : null),
              },
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

/** The run's failures as a CSV, kept and opened in a new window (POST calculations/failures/report-csv). */
function FailuresCsvButton({ organisationUuid, run }: { organisationUuid: string; run: CalculationRun }) {
  const [state, setState] = useState<{ loading: boolean; error?: unknown }>({ loading: false });
  const save = async () => {
    setState({ loading: true });
    try {
      await openFailuresReport(organisationUuid, { clientUuid: run.clientUuid, runId: run.id });
      setState({ loading: false });
    } catch (error) {
      setState({ loading: false, error });
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={state.loading} onClick={save} data-testid="download-failures">
        Failures CSV
      </Button>
      {state.error !== undefined && <ApiErrorAlert title="The failures could not be exported" error={state.error} />}
    </>
  );
}

/** One stored run: what was computed, failures, the years, every disposal with its matches, and the pools. */
export function StoredRun({ organisationUuid, runId }: { organisationUuid: string; runId: string }) {
  const stored = useStoredCalculation(organisationUuid, runId);
  if (stored.isPending) return <Skeleton active data-testid="stored-run-loading" />;
  if (stored.isError) return <ApiErrorAlert title="This calculation could not be loaded" error={stored.error} />;
  const { run, taxYears, holdings, holdingValues, failures, taxpayer } = stored.data;
  const facts = [
    `Run ${run.id.slice(0, 8)}`,
    TRIGGER_LABELS[run.trigger] ?? run.trigger,
    `ledger version ${run.ledgerVersion}`,
    taxpayerLabel(taxpayer),
    `${formatNumber(run.disposals)} ${run.disposals === 1 ? 'disposal' : 'disposals'}`,
    run.finishedAt ? `finished ${formatDateTime(run.finishedAt)}` : 'still computing',
    run.finishedAt ? `engine ${formatNumber(run.engineMs)} ms` : undefined,
  ].filter(Boolean);

  return (
    <div className="gains-calc-results" data-testid="stored-run" data-run={run.id}>
      <div className="gains-calc-results__bar">
        <Typography.Text className="gains-calc-results__facts" data-testid="stored-run-facts">
          {facts.join(' · ')}
        </Typography.Text>
        {run.status !== 'SUCCEEDED' && <FailuresCsvButton organisationUuid={organisationUuid} run={run} />}
      </div>
      {run.status === 'FAILED' && (
        <Alert
          type="error"
          showIcon
          data-testid="run-failed"
          message="The engine could not compute this client's ledger"
          description={run.message}
        />
      )}
      <CalculationFailures failures={failures} />
      <ClosedYearsChanged years={run.changes} />
      <ChangedYears years={run.changes} />
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
