import { Typography } from 'antd';
import { isSuperAdmin } from '@gains/access';
import { ReferenceDataView } from '@/features/reference-data';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** Reference Data: every list the product runs on; provider admins add FX rates. */
export function ReferenceDataRoute() {
  const { uuid } = useCurrentOrganisation();
  const { user } = useSignedIn();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Reference Data
      </Typography.Title>
      <div className="gains-panel">
        <ReferenceDataView key={uuid} organisationUuid={uuid} canAddRates={isSuperAdmin(user.roles)} />
      </div>
    </div>
  );
}

export const Component = ReferenceDataRoute;
