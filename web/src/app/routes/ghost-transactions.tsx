import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { GhostTransactionsGrid } from '@/features/ghost-transactions';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function GhostTransactionsRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Ghost Transactions
      </Typography.Title>
      <GhostTransactionsGrid
        organisationUuid={uuid}
        canResolve={canCallPath(
          user.roles,
          'POST',
          '/admin/ghost-transactions/00000000-0000-4000-8000-000000000000/cancel',
        )}
      />
    </div>
  );
}

export const Component = GhostTransactionsRoute;
