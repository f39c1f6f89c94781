import { Button, Result } from 'antd';
import { Outlet } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { AuthGate, signOut, useUser } from '@/features/auth';
import { useOrganisations } from '@/features/organisations';
import { FullPageSpinner } from './full-page-spinner';

/** The root route: sign-in screens until AUTHENTICATED, then a spinner until the user and organisations load. */
export function AppRoot() {
  return (
    <AuthGate>
      <SignedInRoot />
    </AuthGate>
  );
}

function SignedInRoot() {
  const user = useUser();
  const organisations = useOrganisations();
  if (user.isPending || organisations.isPending) return <FullPageSpinner />;
  const error = user.error ?? organisations.error;
  if (error) {
    return (
      <div className="gains-full-page">
        <Result
          status="error"
          title="We couldn't load your account"
          subTitle={isApiError(error) ? error.typeDescription : String(error)}
          extra={[
            <Button
              key="retry"
              type="primary"
              onClick={() => void Promise.all([user.refetch(), organisations.refetch()])}
            >
              Try again
            </Button>,
            <Button key="out" onClick={() => void signOut()}>
              Log out
            </Button>,
          ]}
        />
      </div>
    );
  }
  return <Outlet />;
}
