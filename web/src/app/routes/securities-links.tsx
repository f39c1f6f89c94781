import { Space } from 'antd';
import { Link } from 'react-router';
import { canUseRoute, getRoute, type RouteName } from '@gains/access';
import { paths } from '@/config/paths';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

const PAGES: RouteName[] = [
  'Securities',
  'SecurityMaintenance',
  'IssuerMaintenance',
  'SecurityPrices',
  'StaticDataValidation',
];

/** The securities pages beside each other (Security and Issuer Maintenance have no card of their own). */
export function SecuritiesLinks({ current }: { current: RouteName }) {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  return (
    <Space size="middle" wrap className="gains-securities-links" data-testid="securities-links">
      {PAGES.filter((name) => canUseRoute(user.roles, name)).map((name) =>
        name === current ? (
          <strong key={name}>{getRoute(name).title}</strong>
        ) : (
          <Link key={name} to={paths.route(name, uuid)}>
            {getRoute(name).title}
          </Link>
        ),
      )}
    </Space>
  );
}
