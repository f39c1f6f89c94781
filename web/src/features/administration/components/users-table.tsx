import { useState } from 'react';
import { App, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { ROLE_LABELS, isRole } from '@gains/access';
import { config } from '@/config/env';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/components/grid/grid-query';
import { useAdminUsers, type AdminUser } from '../api/get-users';
import { useUserAction, type UserAction } from '../api/manage-users';
import { InviteUserModal } from './invite-user-modal';

const STATUS: Record<string, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'green' },
  NEW_PASSWORD_REQUIRED: { label: 'Invited', color: 'blue' },
  DISABLED: { label: 'Disabled', color: 'default' },
};

const ACTIONS: Record<
  UserAction,
  { title: (u: AdminUser) => string; content: string; ok: string; done: (u: AdminUser) => string }
> = {
  'reset-mfa': {
    title: (u) => `Reset MFA for ${u.email}?`,
    content: 'They will set up their authenticator app again at their next sign-in.',
    ok: 'Reset MFA',
    done: (u) => `MFA reset for ${u.email}`,
  },
  disable: {
    title: (u) => `Disable ${u.email}?`,
    content: 'Their sessions end now and they cannot sign in until enabled again.',
    ok: 'Disable',
    done: (u) => `${u.email} disabled`,
  },
  enable: {
    title: (u) => `Enable ${u.email}?`,
    content: 'They will be able to sign in again.',
    ok: 'Enable',
    done: (u) => `${u.email} enabled`,
  },
};

/** Users of the caller's organisations: invite, reset MFA, disable and enable, each confirmed. */
export function UsersTable({
  callerRoles,
  callerUuid,
  organisations,
  organisationUuid,
}: {
  callerRoles: readonly string[];
  callerUuid: string;
  organisations: { uuid: string; code: string; name: string }[];
  organisationUuid: string;
}) {
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), config.searchDebounceMs);
  const users = useAdminUsers(page, size, debounced);
  const act = useUserAction();
  const [inviting, setInviting] = useState(false);
  const orgNames = new Map(organisations.map((o) => [o.uuid, o.code]));

  const run = (user: AdminUser, action: UserAction) => {
    const text = ACTIONS[action];
    modal.confirm({
      title: text.title(user),
      content: text.content,
      okText: text.ok,
      okButtonProps: { danger: action === 'disable' },
      cancelText: 'Cancel',
      onOk: () =>
        act
          .mutateAsync({ uuid: user.uuid, action })
          .then(() => notify.success(text.done(user)))
          .catch((error: unknown) => notify.error(isApiError(error) ? error.typeDescription : 'The change failed')),
    });
  };

  return (
    <div className="gains-grid-panel" data-testid="users">
      <div className="gains-grid-toolbar">
        <Input.Search
          allowClear
          placeholder="Search users"
          aria-label="Search users"
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setPage(1);
          }}
          className="gains-grid-toolbar__search"
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          Invite user
        </Button>
      </div>
      {users.isError && <ApiErrorAlert title="There was a problem fetching users" error={users.error} />}
      <Table<AdminUser>
        rowKey="uuid"
        size="middle"
        loading={users.isFetching}
        dataSource={users.isError ? [] : users.data?.content}
        locale={{ emptyText: debounced ? `No users match “${debounced}”` : 'No users yet' }}
        pagination={{
          current: page,
          pageSize: size,
          total: users.data?.totalSize ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (count) => `${count} user${count === 1 ? '' : 's'}`,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== size ? 1 : nextPage);
            setSize(nextSize);
          },
        }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, u) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name || '-'}</Typography.Text>
                <Typography.Text type="secondary">{u.email}</Typography.Text>
              </Space>
            ),
          },
          {
            title: 'Role',
            dataIndex: 'roles',
            render: (roles: string[]) => (roles[0] && isRole(roles[0]) ? ROLE_LABELS[roles[0]] : '-'),
          },
          {
            title: 'Organisations',
            dataIndex: 'organisationUuids',
            render: (uuids: string[]) => (
              <Space size={[4, 4]} wrap>
                {uuids.map((u) => (
                  <Tag key={u}>{orgNames.get(u) ?? u.slice(0, 8)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: string) => {
              const s = STATUS[status] ?? { label: status, color: 'default' };
              return <Tag color={s.color}>{s.label}</Tag>;
            },
          },
          { title: 'MFA', dataIndex: 'mfaEnabled', render: (on: boolean) => (on ? 'Set up' : '-') },
          { title: 'Created', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, u) =>
              u.uuid === callerUuid ? (
                <Typography.Text type="secondary">You</Typography.Text>
              ) : (
                <Space size="small" wrap>
                  <Button size="small" disabled={!u.mfaEnabled} onClick={() => run(u, 'reset-mfa')}>
                    Reset MFA
                  </Button>
                  {u.status === 'DISABLED' ? (
                    <Button size="small" onClick={() => run(u, 'enable')}>
                      Enable
                    </Button>
                  ) : (
                    <Button size="small" danger onClick={() => run(u, 'disable')}>
                      Disable
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <InviteUserModal
        open={inviting}
        onClose={() => setInviting(false)}
        callerRoles={callerRoles}
        organisations={organisations}
        defaultOrganisationUuid={organisationUuid}
      />
    </div>
  );
}
