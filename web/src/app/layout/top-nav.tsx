import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { navGroupsFor, type RouteName } from '@gains/access';
import { paths } from '@/config/paths';
import { useCurrentRoute } from './route-handle';
import { useSignedIn } from './use-signed-in';

/** One menu per navigation group, listing its area cards; groups the first role cannot use are hidden. */
export function TopNav({ organisationUuid }: { organisationUuid: string }) {
  const { user } = useSignedIn();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const groups = navGroupsFor(user.roles);

  return (
    <nav className="gains-top-nav" aria-label="Main">
      {groups.map((group) => {
        const active = group.items.some((item) => item.name === current?.section);
        return (
          <Dropdown
            key={group.key}
            trigger={['click']}
            rootClassName="gains-nav-dropdown"
            menu={{
              selectable: true,
              selectedKeys: current ? [current.section] : [],
              onClick: ({ key }) => navigate(paths.route(key as RouteName, organisationUuid)),
              items: group.items.map((item) => ({
                key: item.name,
                label: (
                  <div className="gains-nav-card" data-testid={`nav-card-${item.name}`}>
                    <div className="gains-nav-card__title">{item.card?.title}</div>
                    <div className="gains-nav-card__description">{item.card?.description}</div>
                  </div>
                ),
              })),
            }}
          >
            <Button
              type="text"
              className={`gains-top-nav__group${active ? ' is-active' : ''}`}
              data-testid={`nav-group-${group.key}`}
            >
              {group.label} <DownOutlined />
            </Button>
          </Dropdown>
        );
      })}
    </nav>
  );
}
