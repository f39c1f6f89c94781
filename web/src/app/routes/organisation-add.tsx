import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { OrganisationForm } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function AddOrganisationRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Add Organisation
      </Typography.Title>
      <OrganisationForm
        listPath={paths.route('Organisations', uuid)}
        canSave={canCallPath(user.roles, 'POST', '/admin/organisations')}
      />
    </div>
  );
}

export const Component = AddOrganisationRoute;
