import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { StaticDataChange, StaticDataChangeStatus } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { useDecideChange, useStaticDataChanges } from '../api/static-data-changes';
import { ChangeDiff } from './change-diff';

export const REJECT_MESSAGES = {
  noteRequired: 'Note is required when rejecting a change',
  noteLength: 'Note must be at most 500 characters',
} as const;

const STATUS_COLOURS: Record<StaticDataChangeStatus, string> = {
  PENDING: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
};

/** "Update security", "Create issuer". */
export function changeTitle(c: Pick<StaticDataChange, 'action' | 'entityType'>): string {
  return `${c.action === 'CREATE' ? 'Create' : 'Update'} ${c.entityType === 'SECURITY' ? 'security' : 'issuer'}`;
}

function RejectModal({
  organisationUuid,
  change,
  onClose,
}: {
  organisationUuid: string;
  change: StaticDataChange;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ note: string }>();
  const decide = useDecideChange();
  return (
    <Modal
      open
      title={`Reject: ${change.entityLabel}`}
      okText="Reject"
      okButtonProps={{ danger: true, loading: decide.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {decide.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="gains-modal-alert"
          message={isApiError(decide.error) ? decide.error.typeDescription : 'The change could not be rejected'}
        />
      )}
      <Form<{ note: string }>
        form={form}
        layout="vertical"
        name="reject"
        onFinish={({ note }) =>
          decide.mutate(
            { organisationUuid, uuid: change.uuid, decision: 'reject', note: note.trim() },
            {
              onSuccess: () => {
                notify.success(`Change to ${change.entityLabel} rejected`);
                onClose();
              },
              onError: (error) => {
                if (isApiError(error) && error.field === 'note')
                  form.setFields([{ name: 'note', errors: [error.typeDescription] }]);
              },
            },
          )
        }
      >
        <Form.Item
          label="Note"
          name="note"
          extra={`Tell ${change.proposedByName} why the change was refused.`}
          rules={[
            { required: true, whitespace: true, message: REJECT_MESSAGES.noteRequired },
            { max: 500, message: REJECT_MESSAGES.noteLength },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ChangeCard({
  organisationUuid,
  change,
  canDecide,
  onReject,
}: {
  organisationUuid: string;
  change: StaticDataChange;
  canDecide: boolean;
  onReject: () => void;
}) {
  const decide = useDecideChange();
  const approve = () =>
    decide.mutate(
      { organisationUuid, uuid: change.uuid, decision: 'approve' },
      { onSuccess: () => notify.success(`Change to ${change.entityLabel} approved`) },
    );
  return (
    <div className="gains-panel gains-change" data-testid="static-data-change">
      <div className="gains-change__header">
        <div>
          <Typography.Text strong>
            {changeTitle(change)}: {change.entityLabel}
          </Typography.Text>{' '}
          <Tag color={STATUS_COLOURS[change.status]}>
            {change.status.charAt(0) + change.status.slice(1).toLowerCase()}
          </Tag>
          <div>
            <Typography.Text type="secondary">
              Proposed by {change.proposedByName} ({change.proposedByEmail}) on {formatDateTime(change.proposedAt)}
            </Typography.Text>
          </div>
          {change.reviewedByName && (
            <div>
              <Typography.Text type="secondary">
                {change.status === 'APPROVED' ? 'Approved' : 'Rejected'} by {change.reviewedByName} on{' '}
                {formatDateTime(change.reviewedAt)}
                {change.note ? `: ${change.note}` : ''}
              </Typography.Text>
            </div>
          )}
        </div>
        {canDecide && change.status === 'PENDING' && (
          <Space>
            <Button danger icon={<CloseOutlined />} onClick={onReject} disabled={decide.isPending}>
              Reject
            </Button>
            <Button type="primary" icon={<CheckOutlined />} onClick={approve} loading={decide.isPending}>
              Approve
            </Button>
          </Space>
        )}
      </div>
      {decide.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="gains-modal-alert"
          message={isApiError(decide.error) ? decide.error.typeDescription : 'The change could not be approved'}
        />
      )}
      <ChangeDiff change={change} />
    </div>
  );
}

/**
 * Static Data Validation (issue 20): customer admins' proposed changes to shared securities and issuers, each
 * with the old and new value of every field it changes; a provider admin approves, or rejects with a note.
 */
export function StaticDataValidation({
  organisationUuid,
  canDecide,
}: {
  organisationUuid: string;
  canDecide: boolean;
}) {
  const [status, setStatus] = useState<StaticDataChangeStatus>('PENDING');
  const changes = useStaticDataChanges(organisationUuid, status);
  const [rejecting, setRejecting] = useState<StaticDataChange>();

  let body: React.ReactNode;
  if (changes.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (changes.isError)
    body = <ApiErrorAlert title="There was a problem fetching static data changes" error={changes.error} />;
  else if (changes.data.length === 0)
    body = (
      <Empty
        description={
          status === 'PENDING' ? 'No changes are waiting for approval' : `No ${status.toLowerCase()} changes`
        }
      />
    );
  else
    body = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary" data-testid="change-count">
          {changes.data.length} {changes.data.length === 1 ? 'change' : 'changes'}
        </Typography.Text>
        {changes.data.map((c) => (
          <ChangeCard
            key={c.uuid}
            organisationUuid={organisationUuid}
            change={c}
            canDecide={canDecide}
            onReject={() => setRejecting(c)}
          />
        ))}
      </Space>
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<StaticDataChangeStatus>
        aria-label="Show changes"
        value={status}
        onChange={setStatus}
        options={[
          { value: 'PENDING', label: 'Pending' },
          { value: 'APPROVED', label: 'Approved' },
          { value: 'REJECTED', label: 'Rejected' },
        ]}
      />
      {body}
      {rejecting && (
        <RejectModal organisationUuid={organisationUuid} change={rejecting} onClose={() => setRejecting(undefined)} />
      )}
    </Space>
  );
}
