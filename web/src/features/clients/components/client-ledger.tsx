import { useMemo, useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LocalGrid } from '@/components/grid/local-grid';
import { compareDecimals, formatDateTime } from '@/lib/format';
import { useHoldings, usePortfolios, type LedgerTransaction } from '../api/ledger';
import type { ClientSummaryRow } from '../api/get-clients';
import type { CalculationStatusAnswer } from '../api/get-calculation-status';
import { useRefreshOnCalculation } from '../hooks/use-refresh-on-calculation';
import { holdingColumns, portfolioColumns, type HoldingRow, type PortfolioRow } from './ledger-columns';
import { TransactionForm } from './transaction-form';
import { TransactionsTable } from './transactions-table';
import { reportColumns, type ReportRow } from './reports-columns';
import { useClientReports } from '../api/get-client-reports';

/** Where the tax engine's figures for the client stand, said plainly: empty figures are awaited, not zero. */
export function CalculationStatusTag({ status }: { status: CalculationStatusAnswer | undefined }) {
  if (!status) return null;
  const at = status.lastCalculatedAt ? formatDateTime(status.lastCalculatedAt) : undefined;
  const [color, text] =
    status.status === 'SUCCEEDED'
      ? ['green', `Calculated ${at ?? ''}`]
      : status.status === 'PARTIAL'
        ? ['orange', `Calculated with ${status.calculationFailures} calculation failure(s) ${at ?? ''}`]
        : status.status === 'FAILED'
          ? ['red', `Calculation failed${at ? ` ${at}` : ''}: figures shown are from the last successful run`]
          : [
              'blue',
              at ? 'Calculation pending: figures will refresh when it lands' : 'Not calculated yet: figures pending',
            ];
  return (
    <Tag
      color={color}
      data-testid="calculation-status"
      data-status={status.status}
      data-calculated-at={status.lastCalculatedAt ?? ''}
    >
      {text.trim()}
    </Tag>
  );
}

type FormState = { open: false } | { open: true; editing?: LedgerTransaction; fixedSecurity: boolean };

/**
 * The selected client's ledger (seed 000 §2.5, §4): its portfolios; the selected portfolio's holdings (quantity
 * above 0, and any whose ledger sells more than it held); the selected holding's transactions; its reports.
 * Choosing a client clears what was chosen below it; a client with one portfolio has it chosen at once. Admins
 * post and edit transactions from the holdings and transactions tables.
 */
export function ClientLedger({
  organisationUuid,
  client,
  canPost,
}: {
  organisationUuid: string;
  client: ClientSummaryRow;
  canPost: boolean;
}) {
  // undefined: not chosen yet (a client's only portfolio is then chosen for the user, seed §4 rule 2); null: none.
  const [pickedPortfolio, setPickedPortfolio] = useState<string | null>();
  const [pickedHolding, setPickedHolding] = useState<{ portfolioUuid: string; securityId: number }>();
  const [form, setForm] = useState<FormState>({ open: false });
  const portfolios = usePortfolios(organisationUuid, client.uuid);
  const calculation = useRefreshOnCalculation(organisationUuid, client.uuid);
  const portfolioUuid =
    pickedPortfolio === undefined && portfolios.data?.length === 1
      ? portfolios.data[0].uuid
      : (pickedPortfolio ?? undefined);
  const holdings = useHoldings(organisationUuid, portfolioUuid, client.uuid);
  const reports = useClientReports(organisationUuid, client.uuid);
  const reportRows = useMemo<ReportRow[] | undefined>(
    () => reports.data?.map((r) => ({ ...r, id: r.uuid })),
    [reports.data],
  );
  // A holding chosen in another portfolio is not chosen here.
  const securityId = pickedHolding?.portfolioUuid === portfolioUuid ? pickedHolding?.securityId : undefined;

  const portfolioRows = useMemo<PortfolioRow[] | undefined>(
    () => portfolios.data?.map((p) => ({ ...p, id: p.uuid })),
    [portfolios.data],
  );
  const holdingRows = useMemo<HoldingRow[] | undefined>(
    () =>
      holdings.data
        ?.filter((h) => compareDecimals(h.quantity, '0') > 0 || h.recBreak)
        .map((h) => ({ ...h, id: h.securityId })),
    [holdings.data],
  );

  const portfolio = portfolios.data?.find((p) => p.uuid === portfolioUuid);
  const holding = holdingRows?.find((h) => h.securityId === securityId);
  const holdingLabel = holding ? `${holding.securityName} (${holding.sedol || holding.isin})` : undefined;
  // Stable while the form is open: the form resets whenever its security changes.
  const fixedSecurity = useMemo(
    () => (holding && holdingLabel ? { id: holding.securityId, label: holdingLabel } : undefined),
    [holding, holdingLabel],
  );

  return (
    <section className="gains-client-ledger" data-testid="client-ledger" aria-label={`${client.name} ledger`}>
      <div>
        <Typography.Title level={4} className="gains-client-ledger__title">
          Portfolios of {client.name} ({client.code}) <CalculationStatusTag status={calculation.data} />
        </Typography.Title>
        <LocalGrid<PortfolioRow>
          gridId="client-portfolios"
          columnsMenu
          testId="portfolios-grid"
          rows={portfolioRows}
          columns={portfolioColumns}
          loading={portfolios.isFetching}
          error={portfolios.error}
          errorTitle={`There was a problem fetching portfolios for ${client.code}`}
          exportSuffix="portfolios"
          sheetName="Portfolios"
          searchPlaceholder="Filter portfolios"
          emptyText="This client has no portfolios"
          noun="portfolio"
          selectedId={portfolioUuid}
          onRowClicked={(row) => setPickedPortfolio(portfolioUuid === row.uuid ? null : row.uuid)}
        />
      </div>

      {portfolio && (
        <div>
          <Typography.Title level={4} className="gains-client-ledger__title">
            Holdings of {portfolio.code}
            {portfolio.taxWrapper !== 'GIA' && (
              <Typography.Text type="secondary"> — {portfolio.taxWrapper}: valued, outside CGT</Typography.Text>
            )}
          </Typography.Title>
          <LocalGrid<HoldingRow>
            gridId="client-holdings"
            columnsMenu
            testId="holdings-grid"
            rows={holdingRows}
            columns={holdingColumns}
            loading={holdings.isFetching}
            error={holdings.error}
            errorTitle={`There was a problem fetching holdings for ${portfolio.code}`}
            exportSuffix="holdings"
            sheetName="Holdings"
            searchPlaceholder="Filter holdings"
            emptyText="This portfolio holds nothing"
            noun="holding"
            selectedId={securityId}
            onRowClicked={(row) =>
              setPickedHolding(
                securityId === row.securityId
                  ? undefined
                  : { portfolioUuid: portfolio.uuid, securityId: row.securityId },
              )
            }
            toolbar={
              canPost && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setForm({ open: true, fixedSecurity: false })}
                >
                  Add transaction
                </Button>
              )
            }
          />
        </div>
      )}

      {portfolio && holding && (
        <div>
          <Typography.Title level={4} className="gains-client-ledger__title">
            Transactions of {holdingLabel}
          </Typography.Title>
          <TransactionsTable
            holding={{
              organisationUuid,
              portfolioUuid: portfolio.uuid,
              clientUuid: client.uuid,
              securityId: holding.securityId,
            }}
            onAdd={canPost ? () => setForm({ open: true, fixedSecurity: true }) : undefined}
            onEdit={canPost ? (row) => setForm({ open: true, editing: row, fixedSecurity: true }) : undefined}
          />
        </div>
      )}

      <div>
        <Typography.Title level={4} className="gains-client-ledger__title">
          Reports
        </Typography.Title>
        <LocalGrid<ReportRow>
          gridId="client-reports"
          columnsMenu
          testId="reports-grid"
          rows={reportRows}
          columns={reportColumns}
          loading={reports.isFetching}
          error={reports.error}
          errorTitle={`There was a problem fetching reports for ${client.code}`}
          exportSuffix="reports"
          sheetName="Reports"
          searchPlaceholder="Filter reports"
          emptyText="No reports yet"
          noun="report"
        />
      </div>

      {portfolio && form.open && (
        <TransactionForm
          organisationUuid={organisationUuid}
          portfolioUuid={portfolio.uuid}
          security={form.fixedSecurity ? fixedSecurity : undefined}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
        />
      )}
    </section>
  );
}
