import { Typography } from 'antd';
import { isSuperAdmin } from '@gains/access';
import { StaticDataValidation } from '@/features/securities';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** Static Data Validation: customer admins' proposed changes, approved or rejected by a provider admin. */
export function StaticDataValidationRoute() {
  const { uuid } = useCurrentOrganisation();
  const { user } = useSignedIn();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Static Data Validation
      </Typography.Title>
      <StaticDataValidation key={uuid} organisationUuid={uuid} canDecide={isSuperAdmin(user.roles)} />
    </div>
  );
}

export const Component = StaticDataValidationRoute;
