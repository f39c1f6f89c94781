import { Typography } from 'antd';
import { MiDashboardView } from '@/features/mi-dashboard';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function MiDashboardRoute() {
  const { uuid, organisation } = useCurrentOrganisation();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        MI Dashboard
      </Typography.Title>
      <MiDashboardView organisationUuid={uuid} organisationName={organisation?.name ?? uuid} />
    </div>
  );
}

export const Component = MiDashboardRoute;
