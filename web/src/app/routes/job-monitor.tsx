import { Typography } from 'antd';
import { JobMonitorGrid } from '@/features/job-monitor';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function JobMonitorRoute() {
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Job Monitor
      </Typography.Title>
      <JobMonitorGrid organisationUuid={uuid} />
    </div>
  );
}

export const Component = JobMonitorRoute;
