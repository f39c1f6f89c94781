import { Result, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { canCallPath } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ServiceLevelForm, useServiceLevel } from '@/features/administration';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function EditServiceLevelRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const id = Number(useParams().id);
  const level = useServiceLevel(id);
  let body: React.ReactNode;
  if (!Number.isInteger(id) || id < 1 || (isApiError(level.error) && level.error.status === 404))
    body = <Result status="404" title="Service level not found" />;
  else if (level.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (level.isError)
    body = <ApiErrorAlert title="There was a problem fetching the service level" error={level.error} />;
  else
    body = (
      <ServiceLevelForm
        key={level.data.id}
        level={level.data}
        listPath={paths.route('OrganisationServiceLevels', uuid)}
        canSave={canCallPath(user.roles, 'PUT', `/admin/organisations/service-levels/${id}`)}
      />
    );
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {level.data ? `Edit Service Level ${level.data.code}` : 'Edit Service Level'}
      </Typography.Title>
      {body}
    </div>
  );
}

export const Component = EditServiceLevelRoute;
