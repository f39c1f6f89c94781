import { Typography } from 'antd';
import { ActMonitor } from '@/features/act-monitor';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function ActMonitorRoute() {
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        ACT Monitor
      </Typography.Title>
      <ActMonitor organisationUuid={uuid} />
    </div>
  );
}

export const Component = ActMonitorRoute;
