import { Typography } from 'antd';
import { LedgerCalculation } from '@/features/calculations';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function CalculationsRoute() {
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Ledger calculation
      </Typography.Title>
      <LedgerCalculation key={uuid} organisationUuid={uuid} />
    </div>
  );
}

export const Component = CalculationsRoute;
