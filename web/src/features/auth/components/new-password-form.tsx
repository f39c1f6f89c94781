import { Button, Form } from 'antd';
import { useCompleteNewPassword } from '../api/complete-new-password';
import { useApplyAnswer } from '../hooks/use-answer';
import { useAuth } from '../hooks/use-auth';
import { AuthBanners } from './auth-banners';
import { AuthLayout } from './auth-layout';
import { BackToSignIn } from './back-to-sign-in';
import { PasswordFields } from './password-fields';

interface Values {
  password: string;
  confirmPassword: string;
}

/** NEW_PASSWORD_REQUIRED: the first sign-in with a temporary password sets a new one. */
export function NewPasswordForm() {
  const { auth } = useAuth();
  const apply = useApplyAnswer();
  const complete = useCompleteNewPassword();
  const [form] = Form.useForm<Values>();

  const onFinish = (values: Values) => {
    complete.mutate(
      { session: auth.challengeSession ?? '', password: values.password, confirmPassword: values.confirmPassword },
      { onSuccess: (answer) => apply(answer, auth.email) },
    );
  };

  return (
    <AuthLayout title="Set a new password">
      <AuthBanners notice={auth.notice} error={complete.error} />
      <Form<Values>
        form={form}
        name="new-password"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={complete.isPending}
      >
        <PasswordFields size="large" />
        <Button type="primary" htmlType="submit" block size="large" loading={complete.isPending}>
          Set password
        </Button>
      </Form>
      <BackToSignIn />
    </AuthLayout>
  );
}
