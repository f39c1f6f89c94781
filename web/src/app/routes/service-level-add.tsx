import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { ServiceLevelForm } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function AddServiceLevelRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Add Service Level
      </Typography.Title>
      <ServiceLevelForm
        listPath={paths.route('OrganisationServiceLevels', uuid)}
        canSave={canCallPath(user.roles, 'POST', '/admin/organisations/service-levels')}
      />
    </div>
  );
}

export const Component = AddServiceLevelRoute;
