import { Alert, Form, Input, Modal } from 'antd';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { PASSWORD_MESSAGES, meetsPasswordRules } from './password-rules';
import { PasswordRequirements } from './password-requirements';

interface Values {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** Change password (spec §2.3, §5): service errors show in an error alert. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch('password', form) ?? '';
  const change = useChangePassword();

  const close = () => {
    form.resetFields();
    change.reset();
    onClose();
  };

  const save = async () => {
    // A field that fails its rule shows its own message; nothing more to do (and no unhandled rejection).
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    change.mutate(
      { currentPassword: values.currentPassword, password: values.password, confirmPassword: values.confirmPassword },
      {
        onSuccess: (answer) => {
          notify.success(answer?.message || 'Your password has been changed');
          close();
        },
      },
    );
  };

  const error = change.error;
  return (
    <Modal
      open={open}
      title="Change password"
      okText="Save"
      cancelText="Cancel"
      onOk={save}
      onCancel={close}
      confirmLoading={change.isPending}
      forceRender
    >
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="gains-modal-alert"
          message={isApiError(error) ? error.typeDescription : 'Password could not be changed'}
        />
      )}
      <Form form={form} layout="vertical" requiredMark={false} name="change-password">
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[{ required: true, message: PASSWORD_MESSAGES.currentRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[
            { required: true, message: PASSWORD_MESSAGES.required },
            {
              validator: (_, value: string | undefined) =>
                !value || meetsPasswordRules(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORD_MESSAGES.requirements)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordRequirements password={password} />
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: PASSWORD_MESSAGES.confirmationRequired },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(PASSWORD_MESSAGES.mustMatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
