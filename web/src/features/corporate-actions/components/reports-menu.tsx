import { Button, Dropdown } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { CA_REPORTS, useCaReport, type CaReport } from '../api/report-links';
import type { HeaderSearch } from './header-rules';

/** Seed 001 §7 'Reports': the headers or the candidates the current search finds, as a CSV in a new window. */
export function ReportsMenu({ organisationUuid, search }: { organisationUuid: string; search: HeaderSearch }) {
  const report = useCaReport(organisationUuid);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (Object.keys(CA_REPORTS) as CaReport[]).map((key) => ({
          key,
          label: CA_REPORTS[key].label,
          'data-testid': `ca-report-${key}`,
        })),
        onClick: ({ key }) => report.mutate({ report: key as CaReport, search }),
      }}
    >
      <Button icon={<FileTextOutlined />} loading={report.isPending} data-testid="ca-reports">
        Reports
      </Button>
    </Dropdown>
  );
}
