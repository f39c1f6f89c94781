import { useMemo, useState } from 'react';
import '@/lib/ag-grid';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { App, Button, Input, Space, Tag, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { ROLE_LABELS, isRole } from '@gains/access';
import { config } from '@/config/env';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { DEFAULT_PAGE_SIZE } from '@/components/grid/grid-query';
import { GridPager } from '@/components/grid/grid-pager';
import { gridTheme, serverColDef, textColumn } from '@/components/grid/grid-defaults';
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

const USERS_COL_DEF = { ...serverColDef, sortable: false } as ColDef<AdminUser>;

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

  const columns = useMemo<ColDef<AdminUser>[]>(() => {
    const orgCodes = new Map(organisations.map((o) => [o.uuid, o.code]));
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
    return [
      {
        ...textColumn<AdminUser>('name', 'Name', { flex: 2, minWidth: 220 }),
        autoHeight: true,
        cellRenderer: ({ data: u }: ICellRendererParams<AdminUser>) =>
          u && (
            <Space direction="vertical" size={0} className="gains-grid__stacked">
              <Typography.Text strong>{u.name || '-'}</Typography.Text>
              <Typography.Text type="secondary">{u.email}</Typography.Text>
            </Space>
          ),
      },
      {
        colId: 'role',
        headerName: 'Role',
        flex: 1,
        valueGetter: (p) => {
          const role = p.data?.roles[0];
          return role && isRole(role) ? ROLE_LABELS[role] : '-';
        },
      },
      {
        colId: 'organisations',
        headerName: 'Organisations',
        flex: 1,
        valueGetter: (p) => (p.data?.organisationUuids ?? []).map((u) => orgCodes.get(u) ?? u.slice(0, 8)).join(', '),
        cellRenderer: ({ data: u }: ICellRendererParams<AdminUser>) => (
          <Space size={[4, 4]} wrap>
            {(u?.organisationUuids ?? []).map((uuid) => (
              <Tag key={uuid}>{orgCodes.get(uuid) ?? uuid.slice(0, 8)}</Tag>
            ))}
          </Space>
        ),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        cellRenderer: ({ value }: ICellRendererParams<AdminUser, string>) => {
          const status = STATUS[value ?? ''] ?? { label: value, color: 'default' };
          return <Tag color={status.color}>{status.label}</Tag>;
        },
      },
      {
        field: 'mfaEnabled',
        headerName: 'MFA',
        width: 100,
        cellDataType: false,
        valueFormatter: (p) => (p.value ? 'Set up' : '-'),
      },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 160,
        valueFormatter: (p) => formatDateTime(p.value as string),
      },
      {
        colId: 'actions',
        headerName: 'Actions',
        width: 200,
        sortable: false,
        cellRenderer: ({ data: u }: ICellRendererParams<AdminUser>) =>
          !u ? null : u.uuid === callerUuid ? (
            <Typography.Text type="secondary">You</Typography.Text>
          ) : (
            <Space size="small">
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
    ];
  }, [organisations, callerUuid, modal, act]);

  return (
    <div className="gains-grid-panel" data-testid="users" data-loading={users.isFetching}>
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
      <div className="gains-grid">
        <AgGridReact<AdminUser>
          theme={gridTheme}
          domLayout="autoHeight"
          rowData={users.isError ? [] : users.data?.content}
          columnDefs={columns}
          // the server answers one page in its order; the grid keeps it
          defaultColDef={USERS_COL_DEF}
          getRowId={(p) => p.data.uuid}
          loading={users.isFetching && !users.data}
          suppressNoRowsOverlay={users.isError}
          overlayNoRowsTemplate={`<span class="gains-grid__empty">${debounced ? 'No users match the search' : 'No users yet'}</span>`}
          suppressCellFocus
        />
      </div>
      <GridPager
        page={page}
        size={size}
        total={users.isError ? 0 : (users.data?.totalSize ?? 0)}
        noun="user"
        onChange={(next) => {
          setPage(next.page);
          setSize(next.size);
        }}
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
