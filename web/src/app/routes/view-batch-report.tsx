import { Link, useParams } from 'react-router';
import { Result, Skeleton, Typography } from 'antd';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { isApiError } from '@/lib/api-client';
import { BatchPrintView, useBatchPrint } from '@/features/batch-reports';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function ViewBatchReportRoute() {
  const { uuid } = useCurrentOrganisation();
  const id = Number(useParams().id);
  const print = useBatchPrint(uuid, id);
  let body: React.ReactNode;
  if (isApiError(print.error) && [400, 404].includes(print.error.status))
    body = <Result status="404" title="Batch print not found" />;
  else if (print.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (print.isError) body = <ApiErrorAlert title="Failed to fetch the batch print." error={print.error} />;
  else body = <BatchPrintView organisationUuid={uuid} print={print.data} />;
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Batch print {Number.isInteger(id) ? id : ''}
      </Typography.Title>
      <Link to={paths.route('BatchReports', uuid)}>All batch prints</Link>
      {body}
    </div>
  );
}

export const Component = ViewBatchReportRoute;
