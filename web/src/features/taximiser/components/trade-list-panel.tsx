import { Button, Popconfirm, Space, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import type { TaximiserPlan, TaximiserPlanBody } from '@gains/contracts';
import { exportFileName, formatMoney, formatQuantity } from '@/lib/format';
import { useSaveProposals } from '../api/proposals';
import { useTradeListPdf } from '../api/trade-list-pdf';
import { describeError } from './plan-error';
import { proposalsBody, tradeListCsv, tradeListRows, TRADE_LIST_COLUMNS, type TradeListFor } from './trade-list';

function download(file: Blob, fileName: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileName;
  link.click();
  // a moment later: the browser reads the file from the URL after the click
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}

/**
 * A plan leaves as a trade list for the client's approval (a PDF the server makes from the same request, or a CSV
 * file), and can be saved as PENDING sales of the portfolio for an adviser to settle: nothing is posted without that
 * step.
 */
export function TradeListPanel({
  plan,
  request,
  to,
  organisationUuid,
  canSave,
  say,
}: {
  plan: TaximiserPlan | undefined;
  /** the request the plan answered: the server plans it again for the PDF */
  request: TaximiserPlanBody | undefined;
  to: TradeListFor | undefined;
  organisationUuid: string;
  /** the caller may change the ledger (ADMIN, CUSTOMER_ADMIN) */
  canSave: boolean;
  say: (kind: 'success' | 'info' | 'error', text: string) => void;
}) {
  const save = useSaveProposals(organisationUuid);
  const pdf = useTradeListPdf(organisationUuid);
  if (!plan || !to || plan.disposals.length === 0) return null;
  const name = `trade-list-${to.portfolioCode}`;
  return (
    <section className="gains-grid-panel" data-testid="taximiser-trade-list">
      <Typography.Title level={4} className="gains-taximiser__heading">
        Trade list
      </Typography.Title>
      <Space wrap>
        <Button
          type="primary"
          icon={<FilePdfOutlined />}
          data-testid="taximiser-trade-list-pdf"
          loading={pdf.isPending}
          disabled={!request}
          onClick={() =>
            request &&
            pdf.mutate(request, {
              onSuccess: ({ blob, fileName }) => download(blob, fileName),
              onError: (error) => say('error', describeError(error)),
            })
          }
        >
          Download PDF
        </Button>
        <Button
          icon={<DownloadOutlined />}
          data-testid="taximiser-trade-list-csv"
          onClick={() =>
            download(
              new Blob([tradeListCsv(plan, to)], { type: 'text/csv;charset=utf-8' }),
              exportFileName(name, 'csv'),
            )
          }
        >
          Download trade list (CSV)
        </Button>
        <Button icon={<PrinterOutlined />} data-testid="taximiser-trade-list-print" onClick={() => window.print()}>
          Print
        </Button>
        {canSave && (
          <Popconfirm
            title="Save as proposed transactions?"
            description={`${plan.disposals.length} pending sale(s) of ${to.portfolioCode}${plan.rebuys.length > 0 ? ` and ${plan.rebuys.length} pending rebuy(s)` : ''}, dated ${plan.tradeDate}: nothing is computed until they are settled.`}
            okText="Save"
            onConfirm={() =>
              save.mutate(proposalsBody(plan, to.portfolioUuid), {
                onSuccess: () =>
                  say(
                    'success',
                    `Saved ${plan.disposals.length} proposed sale(s)${plan.rebuys.length > 0 ? ` and ${plan.rebuys.length} rebuy(s)` : ''} as pending transactions of ${to.portfolioCode}`,
                  ),
                onError: (error) => say('error', describeError(error)),
              })
            }
          >
            <Button icon={<SaveOutlined />} loading={save.isPending} data-testid="taximiser-save-proposals">
              Save as proposed transactions
            </Button>
          </Popconfirm>
        )}
      </Space>
      {/* What the print shows: the trade list alone, for the client's signature. */}
      <div className="gains-taximiser__print" aria-hidden>
        <h2>
          Proposed sales for {to.clientCode} {to.clientName}, portfolio {to.portfolioCode}, {plan.tradeDate}
        </h2>
        <table>
          <thead>
            <tr>
              {TRADE_LIST_COLUMNS.filter(
                (c) => !['Trade Date', 'Client Code', 'Client Name', 'Portfolio'].includes(c),
              ).map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tradeListRows(plan, to).map((r) => (
              <tr key={r[3] + r[4] + r[5] + r[7]}>
                <td>{r[4]}</td>
                <td>{r[5]}</td>
                <td>{r[6]}</td>
                <td>{r[7]}</td>
                <td>{formatQuantity(r[8])}</td>
                <td>{r[9]}</td>
                <td>{formatMoney(r[10])}</td>
                <td>{formatMoney(r[11])}</td>
                <td>{formatMoney(r[12])}</td>
                <td>{formatMoney(r[13])}</td>
                <td>{formatMoney(r[14])}</td>
                <td>{r[15]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Approved by the client: ______________________ Date: ____________</p>
      </div>
    </section>
  );
}
