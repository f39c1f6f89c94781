import { useEffect, type ReactNode } from 'react';
import { Layout } from 'antd';
import { Link } from 'react-router';
import { OrganisationSwitcher } from '@/features/organisations';
import { paths } from '@/config/paths';
import { TopNav } from './top-nav';
import { SecondaryNav } from './secondary-nav';
import { UserMenu } from './user-menu';
import { useCurrentRoute } from './route-handle';
import { useCurrentOrganisation, useSignedIn } from './use-signed-in';

/** The shell (spec §2.3): top navigation, organisation switcher, user menu, secondary navigation. */
export function AppShell({ children }: { children: ReactNode }) {
  const { organisations } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const route = useCurrentRoute();

  useEffect(() => {
    document.title = route ? `${route.title} | Gains` : 'Gains';
  }, [route]);

  return (
    <Layout className="gains-shell">
      <Layout.Header className="gains-header">
        <Link to={paths.clients(uuid)} className="gains-header__brand" aria-label="Gains home">
          <span className="gains-logo" aria-hidden>
            G
          </span>
          <span className="gains-header__product">Gains</span>
        </Link>
        <TopNav organisationUuid={uuid} />
        <div className="gains-header__right">
          <OrganisationSwitcher organisations={organisations} currentUuid={uuid} />
          <UserMenu />
        </div>
      </Layout.Header>
      <SecondaryNav organisationUuid={uuid} />
      <Layout.Content className="gains-content">{children}</Layout.Content>
    </Layout>
  );
}
