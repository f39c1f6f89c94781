import { Menu } from 'antd';
import { useNavigate } from 'react-router';
import { NAV_GROUPS, siblingsOf, type RouteName } from '@gains/access';
import { paths } from '@/config/paths';
import { useCurrentRoute } from './route-handle';
import { useSignedIn } from './use-signed-in';

/** The siblings of the current section: the other cards of its group. */
export function SecondaryNav({ organisationUuid }: { organisationUuid: string }) {
  const { user } = useSignedIn();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const siblings = current ? siblingsOf(user.roles, current.name) : [];
  if (siblings.length === 0) return null;
  const groupKey = siblings[0].group;
  const groupLabel = NAV_GROUPS.find((g) => g.key === groupKey)?.label;

  return (
    <div className="gains-secondary-nav" data-testid="secondary-nav">
      <span className="gains-secondary-nav__group">{groupLabel}</span>
      <Menu
        mode="horizontal"
        aria-label={`${groupLabel} pages`}
        selectedKeys={current ? [current.section] : []}
        onClick={({ key }) => navigate(paths.route(key as RouteName, organisationUuid))}
        items={siblings.map((s) => ({ key: s.name, label: s.card?.title ?? s.title }))}
        className="gains-secondary-nav__menu"
      />
    </div>
  );
}
