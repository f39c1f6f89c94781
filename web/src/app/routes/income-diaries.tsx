import { useNavigate } from 'react-router';
import { Typography } from 'antd';
import { canCallPath } from '@gains/access';
import { paths } from '@/config/paths';
import { IncomeDiariesList } from '@/features/income-diaries';
import { useCurrentOrganisation, useSignedIn } from '../layout/use-signed-in';

export function IncomeDiariesRoute() {
  const { user } = useSignedIn();
  const { uuid } = useCurrentOrganisation();
  const navigate = useNavigate();
  return (
    <div className="gains-page gains-page--grid">
      <Typography.Title level={2} className="gains-page__title">
        Income Diaries
      </Typography.Title>
      {/* a new firm starts from a fresh list */}
      <IncomeDiariesList
        key={uuid}
        organisationUuid={uuid}
        canRun={canCallPath(user.roles, 'POST', '/admin/documents/income-diaries/run')}
        onNew={() => navigate(paths.route('IncomeDiariesNew', uuid))}
        onOpen={(diary) => navigate(paths.route('IncomeDiariesView', uuid, { uuid: diary }))}
      />
    </div>
  );
}

export const Component = IncomeDiariesRoute;
