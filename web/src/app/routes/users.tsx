import { Typography } from 'antd';
import { UsersTable } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function UsersRoute() {
  const { user, organisations } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Users
      </Typography.Title>
      <UsersTable
        callerRoles={user.roles}
        callerUuid={user.uuid}
        organisations={organisations}
        organisationUuid={uuid}
      />
    </div>
  );
}

export const Component = UsersRoute;
