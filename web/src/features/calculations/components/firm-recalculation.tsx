import { useState } from 'react';
import { Alert, Button, Popconfirm, Progress } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { formatNumber } from '@/lib/format';
import { useRecalculate, useRecalculationJob, type RecalculateAnswer } from '../api/calculation-runs';

/** Every client of the organisation recalculated, as a job whose progress shows here (and on the Job Monitor). */
export function FirmRecalculationButton({
  organisationUuid,
  onStarted,
}: {
  organisationUuid: string;
  onStarted: (answer: RecalculateAnswer) => void;
}) {
  const recalculate = useRecalculate(organisationUuid);
  return (
    <>
      <Popconfirm
        title="Recalculate every client of the firm?"
        description="Each client's ledger is computed again; the runs appear as they finish."
        okText="Recalculate all"
        onConfirm={() => recalculate.mutate({ organisation: true }, { onSuccess: onStarted })}
      >
        <Button icon={<SyncOutlined />} loading={recalculate.isPending} data-testid="recalculate-firm">
          Recalculate every client
        </Button>
      </Popconfirm>
      {recalculate.isError && <ApiErrorAlert title="The firm could not be recalculated" error={recalculate.error} />}
    </>
  );
}

/** The firm's recalculation: its job's progress, or (queued at once, without a job) how many clients were queued. */
export function FirmRecalculationProgress({
  organisationUuid,
  answer,
}: {
  organisationUuid: string;
  answer: RecalculateAnswer;
}) {
  const [closed, setClosed] = useState(false);
  const job = useRecalculationJob(organisationUuid, answer.jobUuid || undefined);
  if (closed) return null;
  if (!answer.jobUuid) {
    return (
      <Alert
        type="success"
        showIcon
        closable
        onClose={() => setClosed(true)}
        data-testid="firm-recalculation"
        message={`${formatNumber(answer.queuedClients)} clients queued for recalculation: their runs appear as they finish`}
      />
    );
  }
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
