import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { ClientMaintenanceGrid } from '@/features/client-maintenance';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** A new client opens the edit page at id "new". */
export const NEW_CLIENT = 'new';

export function ClientMaintenanceRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  const canAdd = canCallPath(user.roles, 'POST', '/admin/clients');
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Client Maintenance
      </Typography.Title>
      <ClientMaintenanceGrid
        organisationUuid={uuid}
        onOpen={(c) => navigate(paths.route('ClientEdit', uuid, { clientId: String(c.id) }))}
        onAdd={canAdd ? () => navigate(paths.route('ClientEdit', uuid, { clientId: NEW_CLIENT })) : undefined}
      />
    </div>
  );
}

export const Component = ClientMaintenanceRoute;
