import { Button, Form, Input, Typography } from 'antd';
import { emailProblem } from '@gains/access';
import { useForgotPassword } from '../api/forgot-password';
import { useAuth } from '../hooks/use-auth';
import { AuthBanners } from './auth-banners';
import { AuthLayout } from './auth-layout';
import { BackToSignIn } from './back-to-sign-in';

/** FORGOT_PASSWORD: email a verification code, then RESET_PASSWORD. */
export function ForgotPasswordForm() {
  const { auth, dispatch } = useAuth();
  const forgot = useForgotPassword();

  const onFinish = ({ email }: { email: string }) => {
    const address = email.trim();
    forgot.mutate(
      { email: address },
      { onSuccess: (answer) => dispatch({ type: 'RESET_CODE_SENT', email: address, message: answer.message }) },
    );
  };

  return (
    <AuthLayout title="Forgot password">
      <AuthBanners error={forgot.error} />
      <Typography.Paragraph type="secondary">
        Enter your email address and we'll send you a verification code to reset your password.
      </Typography.Paragraph>
      <Form<{ email: string }>
        name="forgot-password"
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: auth.email ?? '' }}
        onFinish={onFinish}
        disabled={forgot.isPending}
      >
        <Form.Item
          label="Email address"
          name="email"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = emailProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input type="email" autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={forgot.isPending}>
          Send verification code
        </Button>
      </Form>
      <BackToSignIn />
    </AuthLayout>
  );
}
