import { Typography } from 'antd';
import { CorporateActionsSearch } from '@/features/corporate-actions';
import { useCurrentOrganisation } from '../layout/use-signed-in';

/** /portfolio-movements (seed 001 §2): the header search of portfolio movements, the corporate actions screen's. */
export function PortfolioMovementsRoute() {
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Portfolio Movements
      </Typography.Title>
      {/* a new firm starts from a fresh form and list */}
      <CorporateActionsSearch key={uuid} organisationUuid={uuid} documentTypeCode="PM" />
    </div>
  );
}

export const Component = PortfolioMovementsRoute;
