import { Result, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { canCallPath } from '@gains/access';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import {
  FirmDocumentTypeForm,
  SystemDocumentType,
  useDocumentTypeAdmin,
  useDocumentTypeAdminList,
} from '@/features/document-types';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

/** A system type read-only (with 'Copy as firm type'), or the firm's own type's form. */
export function EditDocumentTypeRoute() {
  const { user } = useSignedIn();
  const { uuid: organisationUuid } = useCurrentOrganisation();
  const typeUuid = useParams().uuid ?? '';
  const type = useDocumentTypeAdmin(organisationUuid, typeUuid);
  const all = useDocumentTypeAdminList(organisationUuid);
  const listPath = paths.route('DocumentTypes', organisationUuid);
  let body: React.ReactNode;
  if (isApiError(type.error) && [400, 404].includes(type.error.status))
    body = <Result status="404" title="Document type not found" />;
  else if (type.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (type.isError)
    body = <ApiErrorAlert title="There was a problem fetching the document type" error={type.error} />;
  else if (type.data.system)
    body = (
      <SystemDocumentType
        key={type.data.uuid}
        organisationUuid={organisationUuid}
        type={type.data}
        takenCodes={(all.data ?? []).map((t) => t.code)}
        canCopy={canCallPath(user.roles, 'POST', '/admin/documents/types')}
        editPath={(uuid) => paths.route('EditDocumentType', organisationUuid, { uuid })}
      />
    );
  else
    body = (
      <FirmDocumentTypeForm
        // keyed by the type only: a save's refetch must not remount the form before it leaves
        key={type.data.uuid}
        organisationUuid={organisationUuid}
        type={type.data}
        listPath={listPath}
        canSave={canCallPath(user.roles, 'PUT', `/admin/documents/types/${typeUuid}`)}
      />
    );
  const title = type.data
    ? `${type.data.system ? 'Document Type' : 'Edit Document Type'} ${type.data.code}`
    : 'Document Type';
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        {title}
      </Typography.Title>
      {body}
    </div>
  );
}

export const Component = EditDocumentTypeRoute;
