import { Typography } from 'antd';
import { isSuperAdmin } from '@gains/access';
import { SecurityPrices } from '@/features/securities';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** Administration > Security Prices: prices by date, edit, CSV upload (provider admins change them). */
export function SecurityPricesRoute() {
  const { uuid } = useCurrentOrganisation();
  const { user } = useSignedIn();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Security Prices
      </Typography.Title>
      <SecurityPrices key={uuid} organisationUuid={uuid} canEdit={isSuperAdmin(user.roles)} />
    </div>
  );
}

export const Component = SecurityPricesRoute;
