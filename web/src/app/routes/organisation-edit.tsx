import { Result, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { canCallPath } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { OrganisationForm, useAdminOrganisation } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function EditOrganisationRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const id = Number(useParams().id);
  const organisation = useAdminOrganisation(id);
  let body: React.ReactNode;
  if (!Number.isInteger(id) || id < 1 || (isApiError(organisation.error) && organisation.error.status === 404))
    body = <Result status="404" title="Organisation not found" />;
  else if (organisation.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (organisation.isError)
    body = <ApiErrorAlert title="There was a problem fetching the organisation" error={organisation.error} />;
  else
    body = (
      <OrganisationForm
        key={organisation.data.id}
        organisation={organisation.data}
        listPath={paths.route('Organisations', uuid)}
        canSave={canCallPath(user.roles, 'PUT', `/admin/organisations/${id}`)}
      />
    );
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {organisation.data ? `Edit Organisation ${organisation.data.code}` : 'Edit Organisation'}
      </Typography.Title>
      {body}
    </div>
  );
}

export const Component = EditOrganisationRoute;
