import { Typography } from 'antd';
import type { LoaderFunctionArgs } from 'react-router';
import { ORGANISATION_PARAM } from '@gains/access';
import { getSession } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { ClientsGrid, getClientsQueryOptions, initialClientsQuery } from '@/features/clients';
import { useCurrentOrganisation } from '../layout/use-signed-in';

export function ClientsRoute() {
  const { uuid, organisation } = useCurrentOrganisation();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Clients
      </Typography.Title>
      <ClientsGrid key={uuid} organisationUuid={uuid} organisationName={organisation?.name ?? uuid} />
    </div>
  );
}

/** Start fetching the first page while the page code loads (same query options as the grid). */
export function loader({ params, request }: LoaderFunctionArgs): null {
  const organisationUuid = params[ORGANISATION_PARAM];
  if (organisationUuid && getSession()) {
    const query = initialClientsQuery(organisationUuid, new URL(request.url).searchParams);
    void queryClient.prefetchQuery(getClientsQueryOptions(query));
  }
  return null;
}

export const Component = ClientsRoute;
