import { Breadcrumb, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ViewCorporateActionByCode } from '@/features/corporate-actions';
import { useCurrentOrganisation } from '../layout/use-signed-in';

/** `view-corporate-actions/{code}`: the corporate action with that code, read-only. */
export function ViewCorporateActionByCodeRoute() {
  const { uuid } = useCurrentOrganisation();
  const code = useParams().code ?? '';
  return (
    <div className="gains-page">
      <Breadcrumb
        className="gains-breadcrumb"
        items={[{ title: <Link to={paths.route('CorporateActions', uuid)}>Corporate Actions</Link> }, { title: code }]}
      />
      <Typography.Title level={2} className="gains-page__title">
        Corporate Action {code}
      </Typography.Title>
      <ViewCorporateActionByCode key={`${uuid}/${code}`} organisationUuid={uuid} code={code} />
    </div>
  );
}

export const Component = ViewCorporateActionByCodeRoute;
