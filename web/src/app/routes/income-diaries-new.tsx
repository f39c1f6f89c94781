import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { useDocumentTypes } from '@/features/corporate-actions';
import { IncomeDiaryForm } from '@/features/income-diaries';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function IncomeDiariesNewRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const types = useDocumentTypes(uuid);
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        New Income Diary
      </Typography.Title>
      {types.isError && <ApiErrorAlert title="Failed to fetch the corporate action types" error={types.error} />}
      <IncomeDiaryForm
        key={uuid}
        organisationUuid={uuid}
        types={types.data}
        listPath={paths.route('IncomeDiaries', uuid)}
        afterSave={(saved) => paths.route('IncomeDiariesView', uuid, { uuid: saved.uuid })}
        canSave={canCallPath(user.roles, 'POST', '/admin/documents/income-diaries')}
      />
    </div>
  );
}

export const Component = IncomeDiariesNewRoute;
