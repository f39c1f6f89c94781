import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { SingularReports } from '@/features/singular-reports';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function SingularReportsRoute() {
  const { uuid } = useCurrentOrganisation();
  const { role, user } = useSignedIn();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Singular Reports
      </Typography.Title>
      <SingularReports
        key={uuid}
        organisationUuid={uuid}
        superAdmin={role === 'ADMIN'}
        // the failures of the firm's calculations are the Calculations page's (administrators')
        canReportFailures={canCallPath(user.roles, 'POST', '/calculations/failures/report-csv')}
      />
    </div>
  );
}

export const Component = SingularReportsRoute;
