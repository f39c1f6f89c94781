import { Typography } from 'antd';
import { useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ORGANISATION_PARAM, canUseRoute } from '@gains/access';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { getUserQueryOptions } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { SecuritySearchSelect } from '@/components/security-search/security-search-select';
import { SecuritiesGrid, getSecuritiesQueryOptions, initialSecuritiesQuery } from '@/features/securities';
import { useCurrentOrganisation } from '../layout/use-signed-in';
import { SecuritiesLinks } from './securities-links';

/** Securities Lite: the grid of every security, the security search in the header, add. */
export function SecuritiesRoute() {
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  const open = (id: number) => navigate(paths.route('ViewSecurity', uuid, { securityId: id }));
  return (
    <div className="gains-page gains-page--grid">
      <div className="gains-page__header">
        <Typography.Title level={2} className="gains-page__title">
          Securities Lite
        </Typography.Title>
        <SecuritySearchSelect organisationUuid={uuid} onSelect={(s) => open(s.id)} style={{ width: 420 }} />
      </div>
      <SecuritiesLinks current="Securities" />
      <SecuritiesGrid
        key={uuid}
        organisationUuid={uuid}
        onOpen={(s) => open(s.id)}
        onAdd={() => navigate(paths.route('AddSecurity', uuid))}
      />
    </div>
  );
}

/** Start fetching the first page while the page code loads (same query options as the grid). */
export function loader({ params, request }: LoaderFunctionArgs): null {
  const organisationUuid = params[ORGANISATION_PARAM];
  if (organisationUuid && getSession() && mayOpen()) {
    const query = initialSecuritiesQuery(organisationUuid, new URL(request.url).searchParams);
    void queryClient.prefetchQuery(getSecuritiesQueryOptions(query));
  }
  return null;
}

/** Only prefetch for a user who may open the page (the layout sends the others away). */
function mayOpen(): boolean {
  const user = queryClient.getQueryData(getUserQueryOptions().queryKey);
  return !!user && canUseRoute(user.roles, 'Securities');
}

export const Component = SecuritiesRoute;
