import { Button, Form, Input } from 'antd';
import { verificationCodeProblem } from '@gains/access';
import { useResetPassword } from '../api/reset-password';
import { useApplyAnswer } from '../hooks/use-answer';
import { useAuth } from '../hooks/use-auth';
import { AuthBanners } from './auth-banners';
import { AuthLayout } from './auth-layout';
import { BackToSignIn } from './back-to-sign-in';
import { PasswordFields } from './password-fields';

interface Values {
  code: string;
  password: string;
  confirmPassword: string;
}

/** RESET_PASSWORD: the emailed verification code and a new password; success returns to LOGIN. */
export function ResetPasswordForm() {
  const { auth, dispatch } = useAuth();
  const apply = useApplyAnswer();
  const reset = useResetPassword();

  const onFinish = (values: Values) => {
    reset.mutate(
      {
        email: auth.email ?? '',
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      },
      { onSuccess: (answer) => apply(answer.state === 'LOGIN' ? answer : { state: 'LOGIN' }, auth.email) },
    );
  };

  return (
    <AuthLayout title="Reset password">
      <AuthBanners notice={auth.notice} error={reset.error} />
      <Form<Values>
        name="reset-password"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={reset.isPending}
      >
        <Form.Item label="Email address">
          <Input value={auth.email} disabled size="large" aria-label="Email address" />
        </Form.Item>
        <Form.Item
          label="Verification code"
          name="code"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = verificationCodeProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" autoFocus size="large" />
        </Form.Item>
        <PasswordFields size="large" />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          Reset password
        </Button>
      </Form>
      <div className="gains-auth__links">
        <Button type="link" onClick={() => dispatch({ type: 'FORGOT_PASSWORD' })}>
          Send a new code
        </Button>
      </div>
      <BackToSignIn />
    </AuthLayout>
  );
}
