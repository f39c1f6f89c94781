import { Typography } from 'antd';
import { ClientsGrid } from '@/features/clients';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function ClientsRoute() {
  const { uuid, organisation } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Clients
      </Typography.Title>
      <ClientsGrid key={uuid} organisationUuid={uuid} organisationName={organisation?.name ?? uuid} />
    </div>
  );
}

export const Component = ClientsRoute;
