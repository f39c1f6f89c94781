import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { OrganisationsGrid } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function OrganisationsRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  const canAdd = canCallPath(user.roles, 'POST', '/admin/organisations');
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Organisations
      </Typography.Title>
      <OrganisationsGrid
        onOpen={(o) => navigate(paths.route('EditOrganisation', uuid, { id: o.id }))}
        onAdd={canAdd ? () => navigate(paths.route('AddOrganisation', uuid)) : undefined}
      />
    </div>
  );
}

export const Component = OrganisationsRoute;
