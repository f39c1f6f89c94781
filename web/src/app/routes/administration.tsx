import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { canUseRoute, getRoute, type RouteName } from '@gains/access';
import { paths } from '@/config/paths';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

const PAGES: { name: RouteName; description: string }[] = [
  { name: 'Organisations', description: 'firms, branches and the provider: codes, parents, service levels, settings' },
  { name: 'OrganisationServiceLevels', description: 'levels of service and the report types they generate' },
  { name: 'Users', description: 'invite users, reset their MFA, disable and enable them' },
  {
    name: 'TransactionTypes',
    description: "your firm's transaction names, each mapped onto a tax-engine effect or an income type",
  },
  {
    name: 'GhostTransactions',
    description: 'transactions whose portfolio or security does not resolve: re-point or cancel them',
  },
  { name: 'SecurityPrices', description: 'prices by date: edit one, or upload a CSV of prices' },
  {
    name: 'DocumentTypes',
    description: "corporate action and movement types: copy a system type as your firm's own and adjust it",
  },
];

/** The administration home: a card per administration page the user may open. */
export function AdministrationRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Administration
      </Typography.Title>
      <div className="gains-admin-cards">
        {PAGES.filter((p) => canUseRoute(user.roles, p.name)).map((p) => (
          <Link key={p.name} to={paths.route(p.name, uuid)}>
            <Card hoverable size="small" title={getRoute(p.name).title}>
              <Typography.Text type="secondary">{p.description}</Typography.Text>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}

export const Component = AdministrationRoute;
