import { Alert, Button, Form, Input } from 'antd';
import { AUTH_MESSAGES } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { useSignIn, type SignInInput } from '../api/sign-in';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './auth-layout';

export const LOGIN_MESSAGES = {
  emailRequired: AUTH_MESSAGES.emailRequired,
  passwordRequired: AUTH_MESSAGES.passwordRequired,
} as const;

/** LOGIN: email and password; the identity service's message shows in an error banner. */
export function LoginForm() {
  const { auth, dispatch } = useAuth();
  const signIn = useSignIn();

  const onFinish = (values: SignInInput) => {
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          if (answer.state === 'AUTHENTICATED') {
            setSession(answer.accessToken, answer.expiresIn);
            dispatch({ type: 'SIGN_IN_ANSWERED', email: values.email, state: 'AUTHENTICATED' });
          } else {
            dispatch({
              type: 'SIGN_IN_ANSWERED',
              email: values.email,
              state: answer.state,
              challengeSession: answer.session,
            });
          }
        },
      },
    );
  };

  const error = signIn.error;
  const errorText = error
    ? isApiError(error)
      ? error.typeDescription
      : 'Sign-in failed. Please try again.'
    : undefined;

  return (
    <AuthLayout title="Sign in">
      {errorText && <Alert className="gains-auth__banner" type="error" showIcon message={errorText} role="alert" />}
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
