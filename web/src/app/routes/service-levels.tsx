import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { ServiceLevelsGrid } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function ServiceLevelsRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  const canAdd = canCallPath(user.roles, 'POST', '/admin/organisations/service-levels');
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Organisation Service Levels
      </Typography.Title>
      <ServiceLevelsGrid
        onOpen={(s) => navigate(paths.route('EditOrganisationServiceLevel', uuid, { id: s.id }))}
        onAdd={canAdd ? () => navigate(paths.route('AddOrganisationServiceLevel', uuid)) : undefined}
      />
    </div>
  );
}

export const Component = ServiceLevelsRoute;
