import { Typography } from 'antd';
import { SecurityMaintenanceGrid } from '@/features/securities';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';
import { SecuritiesLinks } from './securities-links';

/** Security Maintenance: classification fields of many securities edited in the grid, saved together. */
export function SecurityMaintenanceRoute() {
  const { uuid } = useCurrentOrganisation();
  const { role } = useSignedIn();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Security Maintenance
      </Typography.Title>
      <SecuritiesLinks current="SecurityMaintenance" />
      {role === 'CUSTOMER_ADMIN' && (
        <Typography.Paragraph type="secondary">
          Securities are shared by every firm: your changes are sent to the provider for approval.
        </Typography.Paragraph>
      )}
      <SecurityMaintenanceGrid key={uuid} organisationUuid={uuid} />
    </div>
  );
}

export const Component = SecurityMaintenanceRoute;
