import { Result, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { canCallPath } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ClientEditForm, useAdminClient } from '@/features/client-maintenance';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';
import { NEW_CLIENT } from './client-maintenance';

export function ClientEditRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const clientId = useParams().clientId ?? '';
  const adding = clientId === NEW_CLIENT;
  const client = useAdminClient(uuid, adding ? undefined : clientId);
  const listPath = paths.route('ClientMaintenance', uuid);
  const editPath = (id: number) => paths.route('ClientEdit', uuid, { clientId: String(id) });
  const canSave = adding
    ? canCallPath(user.roles, 'POST', '/admin/clients')
    : canCallPath(user.roles, 'PUT', `/admin/clients/${clientId}`);
  let body: React.ReactNode;
  if (adding)
    body = <ClientEditForm organisationUuid={uuid} listPath={listPath} editPath={editPath} canSave={canSave} />;
  else if (isApiError(client.error) && [400, 404].includes(client.error.status))
    body = <Result status="404" title="Client not found" />;
  else if (client.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (client.isError)
    body = <ApiErrorAlert title="There was a problem fetching the client" error={client.error} />;
  else
    body = (
      <ClientEditForm
        key={client.data.id}
        organisationUuid={uuid}
        client={client.data}
        listPath={listPath}
        editPath={editPath}
        canSave={canSave}
      />
    );
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {adding ? 'Add Client' : client.data ? `Edit Client ${client.data.code} ${client.data.name}` : 'Edit Client'}
      </Typography.Title>
      {body}
    </div>
  );
}

export const Component = ClientEditRoute;
