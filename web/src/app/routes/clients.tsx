import { useState } from 'react';
import { Typography } from 'antd';
import type { LoaderFunctionArgs } from 'react-router';
import { ORGANISATION_PARAM } from '@gains/access';
import { getSession } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { setSelectedClient } from '@/lib/selected-client';
import {
  ClientLedger,
  ClientsGrid,
  getClientsQueryOptions,
  initialClientsQuery,
  type ClientSummaryRow,
} from '@/features/clients';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function ClientsRoute() {
  const { uuid, organisation } = useCurrentOrganisation();
  const { role } = useSignedIn();
  // The selection belongs to one organisation: changing it starts again (seed §4 rule 1).
  const [selected, setSelected] = useState<{ organisationUuid: string; client: ClientSummaryRow }>();
  const client = selected?.organisationUuid === uuid ? selected.client : undefined;
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Clients
      </Typography.Title>
      <ClientsGrid
        key={uuid}
        organisationUuid={uuid}
        organisationName={organisation?.name ?? uuid}
        onSelect={(row) => {
          setSelected(row && { organisationUuid: uuid, client: row });
          // the singular reports speak for the client chosen here
          setSelectedClient(uuid, row ?? undefined);
        }}
      />
      {client && (
        <ClientLedger
          key={client.uuid}
          organisationUuid={uuid}
          client={client}
          canPost={role === 'ADMIN' || role === 'CUSTOMER_ADMIN'}
        />
      )}
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
