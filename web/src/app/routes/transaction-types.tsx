import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { TransactionTypesGrid } from '@/features/transaction-types';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** A new type opens the edit page at uuid "new". */
export const NEW_TYPE = 'new';

export function TransactionTypesRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  const canAdd = canCallPath(user.roles, 'POST', '/admin/transaction-types');
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Transaction Types
      </Typography.Title>
      <TransactionTypesGrid
        organisationUuid={uuid}
        onOpen={(t) => navigate(paths.route('EditTransactionType', uuid, { uuid: t.uuid }))}
        onAdd={canAdd ? () => navigate(paths.route('EditTransactionType', uuid, { uuid: NEW_TYPE })) : undefined}
      />
    </div>
  );
}

export const Component = TransactionTypesRoute;
