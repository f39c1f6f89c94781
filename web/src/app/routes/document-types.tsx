import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTypesGrid } from '@/features/document-types';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function DocumentTypesRoute() {
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Document Types
      </Typography.Title>
      <DocumentTypesGrid
        organisationUuid={uuid}
        onOpen={(t) => navigate(paths.route('EditDocumentType', uuid, { uuid: t.uuid }))}
      />
    </div>
  );
}

export const Component = DocumentTypesRoute;
