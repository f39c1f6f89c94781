import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, List, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useMail } from '../api/get-mail';

/** The development mailbox: every mail the system sent, newest first, so a developer can read codes. */
export function Mailbox() {
  const [to, setTo] = useState('');
  const mail = useMail(to.trim());
  const items = useMemo(
    () => [...(mail.data?.content ?? [])].sort((a, b) => b.sentAt.localeCompare(a.sentAt)),
    [mail.data],
  );

  let body: React.ReactNode;
  if (mail.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (mail.isError && isApiError(mail.error) && mail.error.status === 404)
    body = (
      <Result
        status="info"
        title="The development mailbox is not enabled"
        subTitle="This server sends mail over SMTP (or does not enable GAINS_DEV_MAILBOX)."
      />
    );
  else if (mail.isError && isApiError(mail.error) && mail.error.status === 403)
    body = (
      <Result
        status="403"
        title="Only provider administrators can read the development mailbox"
        subTitle="It holds verification codes and temporary passwords."
      />
    );
  else if (mail.isError)
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        message="The mailbox could not be read"
        description={isApiError(mail.error) ? mail.error.typeDescription : String(mail.error)}
      />
    );
  else if (items.length === 0) body = <Empty description={to ? `No mail to ${to}` : 'No mail has been sent yet'} />;
  else
    body = (
      <List
        dataSource={items}
        rowKey="id"
        split={false}
        renderItem={(m) => (
          <List.Item className="gains-mailbox__item" data-testid="mail">
            <Card size="small" style={{ width: '100%' }}>
              <Space wrap size="small">
                <Typography.Text strong data-testid="mail-subject">
                  {m.subject}
                </Typography.Text>
                <Tag data-testid="mail-to">{m.to}</Tag>
                <Typography.Text type="secondary">{formatDateTime(m.sentAt)}</Typography.Text>
              </Space>
              <pre className="gains-mailbox__body" data-testid="mail-body">
                {m.text}
              </pre>
            </Card>
          </List.Item>
        )}
      />
    );

  return (
    <div className="gains-mailbox">
      <div className="gains-page__header">
        <Typography.Title level={2} className="gains-page__title">
          Development mailbox
        </Typography.Title>
        <Space>
          <Input.Search
            allowClear
            placeholder="Filter by recipient"
            aria-label="Filter by recipient"
            onSearch={(value) => setTo(value)}
            style={{ width: 280 }}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void mail.refetch()} loading={mail.isFetching}>
            Refresh
          </Button>
        </Space>
      </div>
      <Typography.Paragraph type="secondary">
        Mail the system kept instead of sending (no SMTP server is configured): verification codes and invitations.
      </Typography.Paragraph>
      {body}
    </div>
  );
}
