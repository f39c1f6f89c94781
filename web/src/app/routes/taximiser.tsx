import { Typography } from 'antd';
import { Taximiser } from '@/features/taximiser';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function TaximiserRoute() {
  const { uuid } = useCurrentOrganisation();
  const { organisations } = useSignedIn();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Taximiser
      </Typography.Title>
      <Taximiser key={uuid} areaOrganisationUuid={uuid} organisations={organisations} />
    </div>
  );
}

export const Component = TaximiserRoute;
