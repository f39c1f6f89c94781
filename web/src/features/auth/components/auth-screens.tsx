import { useAuth } from '../hooks/use-auth';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { MfaForm } from './mfa-form';
import { MfaSetup } from './mfa-setup';
import { NewPasswordForm } from './new-password-form';
import { ResetPasswordForm } from './reset-password-form';

/** One sign-in screen at a time, chosen by the auth machine; children render once AUTHENTICATED. */
export function AuthGate({ children }: { children: React.ReactNode }) {
  const { auth } = useAuth();
  switch (auth.state) {
    case 'AUTHENTICATED':
      return <>{children}</>;
    case 'LOGIN':
      return <LoginForm />;
    case 'NEW_PASSWORD_REQUIRED':
      return <NewPasswordForm />;
    case 'MFA':
      return <MfaForm />;
    case 'MFA_SETUP':
      return <MfaSetup />;
    case 'FORGOT_PASSWORD':
      return <ForgotPasswordForm />;
    case 'RESET_PASSWORD':
      return <ResetPasswordForm />;
  }
}
