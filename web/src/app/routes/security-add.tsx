import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SecurityForm } from '@/features/securities';
import { useCurrentOrganisation } from '../layout/use-signed-in';

/** Add a security (Securities Lite). */
export function AddSecurityRoute() {
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  return (
    <div className="gains-page">
      <Typography.Title level={2} className="gains-page__title">
        Add Security
      </Typography.Title>
      <SecurityForm
        organisationUuid={uuid}
        onDone={(saved) =>
          navigate(
            saved ? paths.route('ViewSecurity', uuid, { securityId: saved.id }) : paths.route('Securities', uuid),
          )
        }
        onCancel={() => navigate(paths.route('Securities', uuid))}
      />
    </div>
  );
}

export const Component = AddSecurityRoute;
