import { Alert, Button, Result } from 'antd';
import type { AuthState } from '../hooks/auth-machine';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './auth-layout';

const TITLES: Record<Exclude<AuthState, 'LOGIN' | 'AUTHENTICATED'>, string> = {
  NEW_PASSWORD_REQUIRED: 'Set a new password',
  MFA: 'Enter your verification code',
  MFA_SETUP: 'Set up your authenticator',
  FORGOT_PASSWORD: 'Forgot password',
  RESET_PASSWORD: 'Reset password',
};

/** The sign-in steps of the next issue: shown, but not yet available. */
export function PendingStep({ step }: { step: keyof typeof TITLES }) {
  const { auth, dispatch } = useAuth();
  return (
    <AuthLayout title={TITLES[step]}>
      {auth.notice && <Alert type="success" showIcon message={auth.notice} className="gains-auth__banner" />}
      <Result status="info" title="This step is not yet available" subTitle="Please contact your administrator." />
      <Button block onClick={() => dispatch({ type: 'BACK_TO_LOGIN' })}>
        Back to sign in
      </Button>
    </AuthLayout>
  );
}
