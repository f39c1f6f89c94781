import { Typography } from 'antd';
import { IssuerMaintenance } from '@/features/securities';
import { useCurrentOrganisation } from '../layout/use-signed-in';
import { SecuritiesLinks } from './securities-links';

/** Issuer Maintenance: list, add, edit. */
export function IssuerMaintenanceRoute() {
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Issuer Maintenance
      </Typography.Title>
      <SecuritiesLinks current="IssuerMaintenance" />
      <IssuerMaintenance key={uuid} organisationUuid={uuid} />
    </div>
  );
}

export const Component = IssuerMaintenanceRoute;
