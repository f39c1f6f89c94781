import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { InterfaceLogging } from '@/features/interface-logging';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function InterfaceLoggingRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Interface Logging
      </Typography.Title>
      <InterfaceLogging
        organisationUuid={uuid}
        canImport={canCallPath(user.roles, 'POST', '/interface-logging/imports')}
      />
    </div>
  );
}

export const Component = InterfaceLoggingRoute;
