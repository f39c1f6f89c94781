import { useState } from 'react';
import { useParams } from 'react-router';
import { Result, Skeleton, Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { isApiError } from '@/lib/api-client';
import { HeaderModal, useDocumentTypes } from '@/features/corporate-actions';
import { IncomeDiaryForm, IncomeDiaryHeaders, useIncomeDiary } from '@/features/income-diaries';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** A diary viewed and edited, with the headers it made: each opens as the corporate actions page opens it. */
export function IncomeDiariesViewRoute() {
  const { user } = useSignedIn();
  const { uuid: organisationUuid } = useCurrentOrganisation();
  const diaryUuid = useParams().uuid ?? '';
  const diary = useIncomeDiary(organisationUuid, diaryUuid);
  const types = useDocumentTypes(organisationUuid);
  const [header, setHeader] = useState<string>();
  const listPath = paths.route('IncomeDiaries', organisationUuid);
  let body: React.ReactNode;
  if (isApiError(diary.error) && [400, 404].includes(diary.error.status))
    body = <Result status="404" title="Income diary not found" />;
  else if (diary.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (diary.isError)
    body = <ApiErrorAlert title="There was a problem fetching the income diary" error={diary.error} />;
  else
    body = (
      <>
        <IncomeDiaryForm
          key={`${diary.data.uuid}-${diary.data.version}`}
          organisationUuid={organisationUuid}
          diary={diary.data}
          types={types.data}
          listPath={listPath}
          afterSave={() => listPath}
          canSave={canCallPath(user.roles, 'PUT', '/admin/documents/income-diaries')}
        />
        <IncomeDiaryHeaders headers={diary.data.headers} onOpenHeader={setHeader} />
        <HeaderModal
          organisationUuid={organisationUuid}
          uuid={header}
          types={types.data}
          onClose={() => {
            setHeader(undefined);
            void diary.refetch();
          }}
        />
      </>
    );
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {diary.data ? `Income Diary: ${diary.data.securityName}` : 'Income Diary'}
      </Typography.Title>
      {body}
    </div>
  );
}

export const Component = IncomeDiariesViewRoute;
