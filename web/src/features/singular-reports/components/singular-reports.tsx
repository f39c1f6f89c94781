import { Tabs } from 'antd';
import { useSelectedClient } from '@/lib/selected-client';
import { CaReportTab } from './ca-report-tab';
import { CalculationFailuresTab } from './calculation-failures-tab';
import { CgtReportTab } from './cgt-report-tab';
import { HoldingsReportTab } from './holdings-report-tab';
import { IncomeReportTab } from './income-report-tab';
import { ReconciliationReportTab } from './reconciliation-report-tab';
import { TransactionsReportTab } from './transactions-report-tab';

/**
 * Seed 000 §2.6: the ten report tabs, each about the client selected in the client area. CA Headers and CA
 * Candidates appear only for super admins (§6), Calculation Failures for those who may see the firm's failures. A tab is drawn when first opened, and keeps its inputs after.
 */
export function SingularReports({
  organisationUuid,
  superAdmin,
  canReportFailures,
}: {
  organisationUuid: string;
  superAdmin: boolean;
  canReportFailures: boolean;
}) {
  const client = useSelectedClient(organisationUuid);
  const of = { organisationUuid, client };
  const items = [
    { key: 'cgt', label: 'CGT Report', children: <CgtReportTab {...of} /> },
    { key: 'income', label: 'Income Statement', children: <IncomeReportTab {...of} /> },
    { key: 'holdings', label: 'Holdings', children: <HoldingsReportTab {...of} report="holdings" /> },
    { key: 'ca-holdings', label: 'Holdings (CA)', children: <HoldingsReportTab {...of} report="ca-holdings" /> },
    { key: 'reconciliations', label: 'Reconciliations', children: <ReconciliationReportTab {...of} /> },
    { key: 'transactions', label: 'Transactions', children: <TransactionsReportTab {...of} report="transactions" /> },
    {
      key: 'ops-transactions',
      label: 'Ops Transactions',
      children: <TransactionsReportTab {...of} report="ops-transactions" />,
    },
    ...(superAdmin
      ? [
          { key: 'ca-headers', label: 'CA Headers', children: <CaReportTab {...of} report="headers" /> },
          { key: 'ca-candidates', label: 'CA Candidates', children: <CaReportTab {...of} report="candidates" /> },
        ]
      : []),
    ...(canReportFailures
      ? [{ key: 'calculation-failures', label: 'Calculation Failures', children: <CalculationFailuresTab {...of} /> }]
      : []),
  ];
  return <Tabs defaultActiveKey="cgt" items={items} />;
}
