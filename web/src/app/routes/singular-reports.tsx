import { Typography } from 'antd';
import { SingularReports } from '@/features/singular-reports';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function SingularReportsRoute() {
  const { uuid } = useCurrentOrganisation();
  const { role } = useSignedIn();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Singular Reports
      </Typography.Title>
      <SingularReports key={uuid} organisationUuid={uuid} superAdmin={role === 'ADMIN'} />
    </div>
  );
}

export const Component = SingularReportsRoute;
