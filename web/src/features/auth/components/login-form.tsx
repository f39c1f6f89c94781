import { Button, Form, Input } from 'antd';
import { AUTH_MESSAGES } from '@gains/access';
import { useSignIn, type SignInInput } from '../api/sign-in';
import { useApplyAnswer } from '../hooks/use-answer';
import { useAuth } from '../hooks/use-auth';
import { AuthBanners } from './auth-banners';
import { AuthLayout } from './auth-layout';

export const LOGIN_MESSAGES = {
  emailRequired: AUTH_MESSAGES.emailRequired,
  passwordRequired: AUTH_MESSAGES.passwordRequired,
} as const;

/** LOGIN: email and password; the identity service's message shows in an error banner. */
export function LoginForm() {
  const { auth, dispatch } = useAuth();
  const signIn = useSignIn();

  const apply = useApplyAnswer();

  const onFinish = (values: SignInInput) => {
    const email = values.email.trim();
    signIn.mutate({ email, password: values.password }, { onSuccess: (answer) => apply(answer, email) });
  };

  return (
    <AuthLayout title="Sign in">
      <AuthBanners notice={auth.notice} noticeType="success" error={signIn.error} />
      <Form<SignInInput>
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: auth.email ?? '' }}
        onFinish={onFinish}
        disabled={signIn.isPending}
      >
        <Form.Item
          label="Email address"
          name="email"
          rules={[{ required: true, whitespace: true, message: LOGIN_MESSAGES.emailRequired }]}
        >
          <Input type="email" autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: LOGIN_MESSAGES.passwordRequired }]}
        >
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
          Sign in
        </Button>
      </Form>
      <div className="gains-auth__links">
        <Button type="link" onClick={() => dispatch({ type: 'FORGOT_PASSWORD' })}>
          Forgot password?
        </Button>
      </div>
    </AuthLayout>
  );
}
