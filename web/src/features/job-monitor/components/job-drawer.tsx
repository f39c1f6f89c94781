import { Alert, Descriptions, Drawer, Progress, Table, Typography } from 'antd';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { formatDateTime, formatNumber } from '@/lib/format';
import { running, useJob, type JobFailure } from '../api/jobs';
import { jobStatusLabel, progressText } from './job-labels';

/** One job: its progress while it runs, its counts, who started it, its trace, and its failures with reasons. */
export function JobDrawer({
  organisationUuid,
  uuid,
  onClose,
}: {
  organisationUuid: string;
  uuid: string | undefined;
  onClose: () => void;
}) {
  const job = useJob(organisationUuid, uuid);
  const j = job.data;
  return (
    <Drawer open={Boolean(uuid)} onClose={onClose} width={760} title={j ? `Job ${j.type}` : 'Job'}>
      {job.isError && <ApiErrorAlert title="There was a problem fetching the job" error={job.error} />}
      {job.isLoading && <Typography.Text type="secondary">Loading the job…</Typography.Text>}
      {j && (
        <div data-testid="job-detail" data-status={j.status}>
          {running(j) ? (
            <Progress
              percent={j.progressTotal ? Math.floor((j.progressDone * 100) / j.progressTotal) : 0}
              status="active"
            />
          ) : (
            <Alert
              type={j.status === 'SUCCEEDED' ? 'success' : j.status === 'FAILED' ? 'error' : 'warning'}
              showIcon
              message={`${jobStatusLabel(j.status)}${j.message ? `: ${j.message}` : ''}`}
            />
          )}
          <Descriptions size="small" column={2} style={{ marginTop: 16 }} bordered>
            <Descriptions.Item label="Status">{jobStatusLabel(j.status)}</Descriptions.Item>
            <Descriptions.Item label="Progress">{progressText(j) || '-'}</Descriptions.Item>
            <Descriptions.Item label="Candidates">{formatNumber(j.candidateCount)}</Descriptions.Item>
            <Descriptions.Item label="Successes">{formatNumber(j.successCount)}</Descriptions.Item>
            <Descriptions.Item label="Failures">{formatNumber(j.failureCount)}</Descriptions.Item>
            <Descriptions.Item label="Object">
              {j.objectId ? `${j.objectKind.toLowerCase()} ${j.objectId}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Started by">{j.startedBy || '-'}</Descriptions.Item>
            <Descriptions.Item label="Service">{j.service}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatDateTime(j.createdDateTime)}</Descriptions.Item>
            <Descriptions.Item label="Finished">{formatDateTime(j.finishedDateTime)}</Descriptions.Item>
            <Descriptions.Item label="Trace" span={2}>
              {j.traceUrl ? (
                <a href={j.traceUrl} target="_blank" rel="noreferrer" data-testid="job-trace">
                  {j.traceId}
                </a>
              ) : (
                <Typography.Text copyable={Boolean(j.traceId)} data-testid="job-trace">
                  {j.traceId || '-'}
                </Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          {j.failures.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                Failures
                {j.failureTotal > j.failures.length ? ` (the first ${j.failures.length} of ${j.failureTotal})` : ''}
              </Typography.Title>
              <Table<JobFailure>
                data-testid="job-failures"
                size="small"
                rowKey={(f) => `${f.line}/${f.column}/${f.key}/${f.reason}`}
                dataSource={j.failures}
                pagination={{ pageSize: 50, showSizeChanger: false }}
                columns={[
                  { title: 'Line', dataIndex: 'line', width: 70, render: (v: number) => v || '' },
                  { title: 'Column', dataIndex: 'column', width: 130 },
                  { title: 'Key', dataIndex: 'key', width: 160 },
                  { title: 'Reason', dataIndex: 'reason' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
