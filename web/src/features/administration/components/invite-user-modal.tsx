import { Alert, Form, Input, Modal, Select } from 'antd';
import { AUTH_MESSAGES, ROLES, ROLE_LABELS, isSuperAdmin } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { useInviteUser, type InviteInput } from '../api/manage-users';

export const INVITE_MESSAGES = {
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailFormat: 'Enter a valid email address',
  nameRequired: 'Name is required',
  roleRequired: 'Role is required',
  organisationsRequired: 'Choose at least one organisation',
} as const;

/** Invite a user by email with a role and organisations; only super admins may invite super admins. */
export function InviteUserModal({
  open,
  onClose,
  callerRoles,
  organisations,
  defaultOrganisationUuid,
}: {
  open: boolean;
  onClose: () => void;
  callerRoles: readonly string[];
  organisations: { uuid: string; code: string; name: string }[];
  defaultOrganisationUuid: string;
}) {
  const [form] = Form.useForm<InviteInput>();
  const invite = useInviteUser();
  const roles = ROLES.filter((role) => role !== 'ROLE_ADMIN' || isSuperAdmin(callerRoles));

  const close = () => {
    form.resetFields();
    invite.reset();
    onClose();
  };

  const submit = async () => {
    // A field that fails its rule shows its own message; nothing more to do (and no unhandled rejection).
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    invite.mutate(
      { ...values, email: values.email.trim(), name: values.name.trim() },
      {
        onSuccess: (user) => {
          notify.success(`Invitation sent to ${user.email}`);
          close();
        },
        onError: (error) => {
          showServerFieldError(form, error);
        },
      },
    );
  };

  const error = invite.error;
  return (
    <Modal
      open={open}
      title="Invite user"
      okText="Send invitation"
      cancelText="Cancel"
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={invite.isPending}
      forceRender
      destroyOnHidden={false}
    >
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="gains-modal-alert"
          message={isApiError(error) ? error.typeDescription : 'The invitation could not be sent'}
        />
      )}
      <Form<InviteInput>
        form={form}
        name="invite-user"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'ROLE_CUSTOMER_NON_ADMIN', organisationUuids: [defaultOrganisationUuid] }}
      >
        <Form.Item
          label="Email address"
          name="email"
          rules={[
            { required: true, whitespace: true, message: INVITE_MESSAGES.emailRequired },
            { type: 'email', message: INVITE_MESSAGES.emailFormat },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: INVITE_MESSAGES.nameRequired }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[{ required: true, message: INVITE_MESSAGES.roleRequired }]}>
          <Select options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
        </Form.Item>
        <Form.Item
          label="Organisations"
          name="organisationUuids"
          rules={[{ required: true, type: 'array', min: 1, message: INVITE_MESSAGES.organisationsRequired }]}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={organisations.map((o) => ({ value: o.uuid, label: `${o.code} – ${o.name}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
