import { Result, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { canCallPath } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { TransactionTypeForm, useTransactionType } from '@/features/transaction-types';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';
import { NEW_TYPE } from './transaction-types';

export function EditTransactionTypeRoute() {
  const { user } = useSignedIn();
  const { uuid: organisationUuid } = useCurrentOrganisation();
  const typeUuid = useParams().uuid ?? '';
  const adding = typeUuid === NEW_TYPE;
  const type = useTransactionType(organisationUuid, adding ? undefined : typeUuid);
  const listPath = paths.route('TransactionTypes', organisationUuid);
  const canSave = adding
    ? canCallPath(user.roles, 'POST', '/admin/transaction-types')
    : canCallPath(user.roles, 'PUT', `/admin/transaction-types/${typeUuid}`);
  let body: React.ReactNode;
  if (adding) body = <TransactionTypeForm organisationUuid={organisationUuid} listPath={listPath} canSave={canSave} />;
  else if (isApiError(type.error) && [400, 404].includes(type.error.status))
    body = <Result status="404" title="Transaction type not found" />;
  else if (type.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (type.isError)
    body = <ApiErrorAlert title="There was a problem fetching the transaction type" error={type.error} />;
  else
    body = (
      <TransactionTypeForm
        key={`${type.data.uuid}-${type.data.version}`}
        organisationUuid={organisationUuid}
        type={type.data}
        listPath={listPath}
        canSave={canSave}
      />
    );
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {adding
          ? 'Add Transaction Type'
          : type.data
            ? `Edit Transaction Type ${type.data.name}`
            : 'Edit Transaction Type'}
      </Typography.Title>
      {body}
    </div>
  );
}

export const Component = EditTransactionTypeRoute;
