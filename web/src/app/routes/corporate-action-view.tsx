import { Breadcrumb, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EditCorporateActionHeader } from '@/features/corporate-actions';
import { useCurrentOrganisation } from '../layout/use-signed-in';

/** `corporate-actions/{uuid}`: a corporate action's terms, editable while its status allows. */
export function ViewCorporateActionRoute() {
  const { uuid: organisationUuid } = useCurrentOrganisation();
  const uuid = useParams().uuid ?? '';
  return (
    <div className="gains-page">
      <Breadcrumb
        className="gains-breadcrumb"
        items={[
          { title: <Link to={paths.route('CorporateActions', organisationUuid)}>Corporate Actions</Link> },
          { title: 'Header' },
        ]}
      />
      <Typography.Title level={2} className="gains-page__title">
        Corporate Action Header
      </Typography.Title>
      <EditCorporateActionHeader key={`${organisationUuid}/${uuid}`} organisationUuid={organisationUuid} uuid={uuid} />
    </div>
  );
}

export const Component = ViewCorporateActionRoute;
