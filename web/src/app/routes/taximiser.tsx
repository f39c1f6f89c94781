import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { Taximiser } from '@/features/taximiser';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function TaximiserRoute() {
  const { uuid } = useCurrentOrganisation();
  const { organisations, user } = useSignedIn();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Taximiser
      </Typography.Title>
      <Taximiser
        key={uuid}
        areaOrganisationUuid={uuid}
        organisations={organisations}
        canSaveProposals={canCallPath(user.roles, 'POST', '/taximiser/proposals')}
      />
    </div>
  );
}

export const Component = TaximiserRoute;
