import { Typography } from 'antd';
import { CorporateActionsSearch } from '@/features/corporate-actions';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function CorporateActionsRoute() {
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Corporate Actions
      </Typography.Title>
      {/* a new firm starts from a fresh form and list */}
      <CorporateActionsSearch key={uuid} organisationUuid={uuid} />
    </div>
  );
}

export const Component = CorporateActionsRoute;
