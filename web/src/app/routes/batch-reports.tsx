import { useNavigate } from 'react-router';
import { Typography } from 'antd';
import { paths } from '@/config/paths';
import { BatchPrintsList } from '@/features/batch-reports';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function BatchReportsRoute() {
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Batch Reports
      </Typography.Title>
      <BatchPrintsList
        key={uuid}
        organisationUuid={uuid}
        onOpen={(id) => navigate(paths.route('ViewBatchReport', uuid, { id }))}
      />
    </div>
  );
}

export const Component = BatchReportsRoute;
