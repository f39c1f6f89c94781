import { useAuth } from '../hooks/use-auth';
import { LoginForm } from './login-form';
import { PendingStep } from './pending-step';

/** One sign-in screen at a time, chosen by the auth machine; children render once AUTHENTICATED. */
export function AuthGate({ children }: { children: React.ReactNode }) {
  const { auth } = useAuth();
  switch (auth.state) {
    case 'AUTHENTICATED':
      return <>{children}</>;
    case 'LOGIN':
      return <LoginForm />;
    default:
      return <PendingStep step={auth.state} />;
  }
}
