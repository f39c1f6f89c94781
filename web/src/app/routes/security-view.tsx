import { Breadcrumb, Typography } from 'antd';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { ORGANISATION_PARAM, canUseRoute } from '@gains/access';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { getUserQueryOptions } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { SecuritySearchSelect } from '@/components/security-search/security-search-select';
import { SecurityView, getSecurityQueryOptions, useSecurity } from '@/features/securities';
import { useCurrentOrganisation } from '../layout/use-signed-in';

/** A security's page: details, issuer, price history (chart and table), edit. */
export function ViewSecurityRoute() {
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  const id = Number(useParams().securityId);
  const security = useSecurity(uuid, id);
  const s = security.data;
  return (
    <div className="gains-page">
      <Breadcrumb
        className="gains-breadcrumb"
        items={[
          { title: <Link to={paths.route('Securities', uuid)}>Securities Lite</Link> },
          { title: s?.sedol ?? 'Security' },
        ]}
      />
      <div className="gains-page__header">
        <Typography.Title level={2} className="gains-page__title">
          {s ? s.securityName : 'Security'}
        </Typography.Title>
        <SecuritySearchSelect
          organisationUuid={uuid}
          onSelect={(found) => navigate(paths.route('ViewSecurity', uuid, { securityId: found.id }))}
          style={{ width: 420 }}
        />
      </div>
      <SecurityView key={`${uuid}.${id}`} organisationUuid={uuid} id={id} canEdit />
    </div>
  );
}

export function loader({ params }: LoaderFunctionArgs): null {
  const organisationUuid = params[ORGANISATION_PARAM];
  const id = Number(params.securityId);
  if (organisationUuid && getSession() && mayOpen() && Number.isInteger(id) && id > 0)
    void queryClient.prefetchQuery(getSecurityQueryOptions(organisationUuid, id));
  return null;
}

/** Only prefetch for a user who may open the page (the layout sends the others away). */
function mayOpen(): boolean {
  const user = queryClient.getQueryData(getUserQueryOptions().queryKey);
  return !!user && canUseRoute(user.roles, 'ViewSecurity');
}

export const Component = ViewSecurityRoute;
