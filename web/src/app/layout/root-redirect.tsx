import { Button, Result } from 'antd';
import { Navigate } from 'react-router';
import { canUseRoute } from '@gains/access';
import { paths } from '@/config/paths';
import { signOut } from '@/features/auth';
import { defaultOrganisationUuid } from './default-organisation';
import { useSignedIn } from './use-signed-in';

/** '/' goes to the clients of the organisation where the user's work is (spec §2.1). */
export function RootRedirect() {
  const { user, organisations } = useSignedIn();
  const first = defaultOrganisationUuid(user.organisations, organisations);
  if (!first || !canUseRoute(user.roles, 'Clients')) {
    return (
      <div className="gains-full-page">
        <Result
          status="403"
          title="No organisation available"
          subTitle="Your account is not set up for any organisation yet. Please contact your administrator."
          extra={<Button onClick={() => void signOut()}>Log out</Button>}
        />
      </div>
    );
  }
  return <Navigate to={paths.clients(first)} replace />;
}
