import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { exportFileName, formatNumber } from '@/lib/format';
import type { CalculationView, LedgerCalculation } from '../api/compute-ledger';
import { taxpayerLabel } from './calculation-text';
import { CalculationFailures } from './calculation-failures';
import { DisposalsSection } from './disposals-section';
import { HoldingsTable } from './holdings-table';
import { PortfolioRealisedTable } from './portfolio-realised-table';
import { TaxDueTable } from './tax-due-table';
import { TaxYearSummary } from './tax-year-summary';

/** The answer as it came: the figures, with the first page of disposals and which page that is. */
function downloadJson(calculation: LedgerCalculation): void {
  const blob = new Blob([JSON.stringify(calculation, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName('ledger-calculation', 'json');
  link.click();
  URL.revokeObjectURL(url);
}

function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="gains-panel gains-calc-section" data-testid={testId} aria-label={title}>
      <div className="gains-calc-section__header">
        <Typography.Title level={4} className="gains-calc-section__title">
          {title}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </section>
  );
}

const plural = (count: number, noun: string) => `${formatNumber(count)} ${count === 1 ? noun : `${noun}s`}`;

/** One calculation's answer: what was computed, failures, the years, the disposals and what is left. */
export function CalculationResults({ result, input, submittedAt }: CalculationView) {
  const { computation } = result;
  const disposals = result.disposalsPage.total;
  const facts = [
    input.ledger.name,
    input.prices ? `priced from ${input.prices.name}` : undefined,
    taxpayerLabel(computation.taxpayer),
    plural(result.transactions, 'transaction'),
    plural(disposals, 'disposal'),
    `computed in ${formatNumber(result.computeMs)} ms`,
  ].filter(Boolean);

  return (
    <div className="gains-calc-results" data-testid="calculation-results">
      <div className="gains-calc-results__bar">
        <Typography.Text className="gains-calc-results__facts" data-testid="calculation-facts">
          {facts.join(' · ')}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={() => downloadJson(result)} data-testid="download-json">
          Download JSON
        </Button>
      </div>
      <CalculationFailures failures={computation.failures} />
      <Section title="Tax years" testId="tax-years">
        {computation.taxYears.length > 0 ? (
          <TaxYearSummary taxYears={computation.taxYears} />
        ) : (
          <Typography.Text type="secondary">No disposals: nothing falls to be taxed.</Typography.Text>
        )}
      </Section>
      {computation.taxYears.length > 0 && (
        <Section title="Tax due" testId="tax-due-section">
          <TaxDueTable taxYears={computation.taxYears} taxpayer={computation.taxpayer} />
        </Section>
      )}
      <Section title="Disposals" testId="disposals">
        <DisposalsSection result={result} input={input} submittedAt={submittedAt} />
      </Section>
      <Section title="Holdings" testId="holdings">
        <HoldingsTable holdings={computation.holdings} values={computation.holdingValues} />
      </Section>
      {computation.portfolios.length > 1 && (
        <Section title="Realised by portfolio" testId="portfolio-realised">
          <PortfolioRealisedTable portfolios={computation.portfolios} />
        </Section>
      )}
    </div>
  );
}
