import { Breadcrumb, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AddCorporateActionHeader } from '@/features/corporate-actions';
import { useCurrentOrganisation } from '../layout/use-signed-in';

/** `corporate-actions/add?type=<uuid>`: a new corporate action of the type chosen on the search page. */
export function AddCorporateActionRoute() {
  const { uuid } = useCurrentOrganisation();
  const [params] = useSearchParams();
  return (
    <div className="gains-page">
      <Breadcrumb
        className="gains-breadcrumb"
        items={[{ title: <Link to={paths.route('CorporateActions', uuid)}>Corporate Actions</Link> }, { title: 'Add' }]}
      />
      <Typography.Title level={2} className="gains-page__title">
        Add Corporate Action Header
      </Typography.Title>
      <AddCorporateActionHeader key={uuid} organisationUuid={uuid} typeUuid={params.get('type') ?? ''} />
    </div>
  );
}

export const Component = AddCorporateActionRoute;
