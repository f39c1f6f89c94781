import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Table } from 'antd';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/lib/format';
import { jobStatusLabel } from '@/features/job-monitor/components/job-labels';
import { useJob } from '@/features/job-monitor/api/jobs';
import { RESOLUTION_STATUSES, SEVERITIES, useUpdateMonitorLog, type MonitorLog } from '../api/monitor-logs';

interface Values {
  status?: number;
  notes: string;
}

/**
 * The Log Status modal (seed 000 §2.8): the error code, severity and who last changed it, read-only; the
 * resolution status (required) and notes; the job that raised it. Save toasts 'Log updated'.
 */
export function LogStatusModal({
  organisationUuid,
  log,
  onClose,
}: {
  organisationUuid: string;
  log: MonitorLog | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateMonitorLog(organisationUuid);
  const job = useJob(organisationUuid, log?.jobUUID || undefined);
  const [problem, setProblem] = useState<string>();

  const close = () => {
    setProblem(undefined);
    onClose();
  };

  const save = (values: Values) => {
    if (!log) return;
    update.mutate(
      { uuid: log.uuid, status: values.status, notes: values.notes ?? '', version: log.version },
      {
        onSuccess: () => {
          notify.success('Log updated');
          close();
        },
        onError: (error) => {
          const text = isApiError(error) ? error.typeDescription : 'The log could not be updated';
          setProblem(text);
          notify.error(text);
        },
      },
    );
  };

  return (
    <Modal
      open={Boolean(log)}
      title="Log Status"
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={update.isPending} onClick={() => form.submit()}>
          Save
        </Button>,
      ]}
    >
      {log && (
        <div data-testid="log-status">
          {problem && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={problem} />}
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Error code">{log.errorCode}</Descriptions.Item>
            <Descriptions.Item label="Error severity">{SEVERITIES[log.errorSeverityId]}</Descriptions.Item>
            <Descriptions.Item label="Description">{log.logMessage}</Descriptions.Item>
            <Descriptions.Item label="Last modified by">{log.userName || '-'}</Descriptions.Item>
          </Descriptions>
          <Form<Values>
            key={log.uuid}
            form={form}
            layout="vertical"
            initialValues={{ status: log.mmtStatusId || undefined, notes: log.notes }}
            onFinish={save}
            disabled={update.isPending}
          >
            <Form.Item
              name="status"
              label="Resolution Status"
              rules={[{ required: true, message: 'Resolution status is required' }]}
            >
              <Select<number>
                aria-label="Resolution Status"
                placeholder="Choose a status"
                options={Object.entries(RESOLUTION_STATUSES).map(([id, name]) => ({ value: Number(id), label: name }))}
              />
            </Form.Item>
            <Form.Item
              name="notes"
              label="Notes"
              rules={[{ max: 4000, message: 'Notes can be at most 4000 characters' }]}
            >
              <Input.TextArea rows={3} />
            </Form.Item>
          </Form>
          {log.jobUUID && (
            <Table
              data-testid="log-job"
              size="small"
              pagination={false}
              loading={job.isLoading}
              rowKey="uuid"
              dataSource={job.data ? [job.data] : []}
              columns={[
                { title: 'Job', dataIndex: 'type' },
                { title: 'Status', dataIndex: 'status', render: (s: string) => jobStatusLabel(s) },
                { title: 'Failures', dataIndex: 'failureCount' },
                { title: 'Created', dataIndex: 'createdDateTime', render: (v: string) => formatDateTime(v) },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
