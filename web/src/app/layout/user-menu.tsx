import { useState } from 'react';
import { Avatar, Button, Dropdown } from 'antd';
import { CustomerServiceOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ROLE_LABELS, isRole } from '@gains/access';
import { config } from '@/config/env';
import { ChangePasswordModal, signOut } from '@/features/auth';
import { useSignedIn } from './use-signed-in';

/** Support requests (external portal, new tab), Change password, Log out. */
export function UserMenu() {
  const { user } = useSignedIn();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  const role = user.roles[0];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'who',
              type: 'group',
              label: (
                <div className="gains-user-menu__who">
                  <div>{user.email}</div>
                  <div>{role && isRole(role) ? ROLE_LABELS[role] : ''}</div>
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'support', icon: <CustomerServiceOutlined />, label: 'Support requests' },
            { key: 'password', icon: <KeyOutlined />, label: 'Change password' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Log out' },
          ],
          onClick: ({ key }) => {
            if (key === 'support') window.open(config.supportPortalUrl, '_blank', 'noopener,noreferrer');
            if (key === 'password') setChangingPassword(true);
            if (key === 'logout') {
              void signOut().then(() => navigate('/', { replace: true }));
            }
          },
        }}
      >
        <Button type="text" className="gains-user-menu" data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} />
          <span className="gains-user-menu__name">{user.name}</span>
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
