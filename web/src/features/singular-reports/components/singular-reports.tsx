import { Tabs, Tooltip } from 'antd';
import { useSelectedClient } from '@/lib/selected-client';
import { CgtReportTab } from './cgt-report-tab';

/** Seed 000 §2.6 tabs; only the CGT report is built, the others are disabled and say so. */
const LATER = [
  ['income', 'Income Statement'],
  ['holdings', 'Holdings'],
  ['ca-holdings', 'Holdings (CA)'],
  ['reconciliations', 'Reconciliations'],
  ['transactions', 'Transactions'],
  ['ops-transactions', 'Ops Transactions'],
] as const;
/** CA Headers and CA Candidates appear only for super admins (seed 000 §6). */
const SUPER_ADMIN_LATER = [
  ['ca-headers', 'CA Headers'],
  ['ca-candidates', 'CA Candidates'],
] as const;

export function SingularReports({ organisationUuid, superAdmin }: { organisationUuid: string; superAdmin: boolean }) {
  const client = useSelectedClient(organisationUuid);
  const later = [...LATER, ...(superAdmin ? SUPER_ADMIN_LATER : []), ['calculation-failures', 'Calculation Failures']];
  return (
    <Tabs
      defaultActiveKey="cgt"
      items={[
        {
          key: 'cgt',
          label: 'CGT Report',
          children: <CgtReportTab organisationUuid={organisationUuid} client={client} />,
        },
        ...later.map(([key, label]) => ({
          key,
          disabled: true,
          label: (
            <Tooltip title="Coming soon">
              <span>{label}</span>
            </Tooltip>
          ),
        })),
      ]}
    />
  );
}
