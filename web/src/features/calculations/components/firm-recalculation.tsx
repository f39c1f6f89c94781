import { useState } from 'react';
import { Alert, Button, Popconfirm, Progress } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { formatNumber } from '@/lib/format';
import { useRecalculate, useRecalculationJob } from '../api/calculation-runs';

/** Every client of the organisation recalculated, as a job whose progress shows here (and on the Job Monitor). */
export function FirmRecalculationButton({
  organisationUuid,
  onStarted,
}: {
  organisationUuid: string;
  onStarted: (jobUuid: string) => void;
}) {
  const recalculate = useRecalculate(organisationUuid);
  return (
    <>
      <Popconfirm
        title="Recalculate every client of the firm?"
        description="Each client's ledger is computed again; the runs appear as they finish."
        okText="Recalculate all"
        onConfirm={() => recalculate.mutate({ organisation: true }, { onSuccess: (a) => onStarted(a.jobUuid) })}
      >
        <Button icon={<SyncOutlined />} loading={recalculate.isPending} data-testid="recalculate-firm">
          Recalculate every client
        </Button>
      </Popconfirm>
      {recalculate.isError && <ApiErrorAlert title="The firm could not be recalculated" error={recalculate.error} />}
    </>
  );
}

export function FirmRecalculationProgress({
  organisationUuid,
  jobUuid,
}: {
  organisationUuid: string;
  jobUuid: string;
}) {
  const [closed, setClosed] = useState(false);
  const job = useRecalculationJob(organisationUuid, jobUuid);
  if (closed) return null;
  const data = job.data;
  const percent = data && data.progressTotal > 0 ? Math.floor((data.progressDone * 100) / data.progressTotal) : 0;
  const running = !data || data.status === 'QUEUED' || data.status === 'RUNNING';
  return (
    <Alert
      type={data?.failed ? 'error' : running ? 'info' : 'success'}
      showIcon
      closable
      onClose={() => setClosed(true)}
      data-testid="firm-recalculation"
      message={
        data
          ? `Recalculating the firm: ${formatNumber(data.progressDone)} of ${formatNumber(data.progressTotal)} clients queued (${data.status.toLowerCase().replace(/_/g, ' ')})`
          : 'Recalculating the firm: the job is starting'
      }
      description={
        <>
          <Progress percent={percent} status={data?.failed ? 'exception' : running ? 'active' : 'success'} />
          {data?.message}
        </>
      }
    />
  );
}
