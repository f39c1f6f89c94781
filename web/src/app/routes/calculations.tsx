import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ClientCalculations, LedgerCalculation } from '@/features/calculations';
import { useCurrentOrganisation } from '../layout/use-signed-in';

const TABS = ['clients', 'file'] as const;

/** Calculations: the clients' stored runs, and (a tab) a ledger file computed without storing anything. */
export function CalculationsRoute() {
  const { uuid } = useCurrentOrganisation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'file' ? 'file' : 'clients';
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Calculations
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === TABS[0] ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'clients',
            label: 'Client calculations',
            children: <ClientCalculations key={uuid} organisationUuid={uuid} />,
          },
          {
            key: 'file',
            label: 'Calculate a ledger file',
            children: <LedgerCalculation key={uuid} organisationUuid={uuid} />,
          },
        ]}
      />
    </div>
  );
}

export const Component = CalculationsRoute;
