import { firstRole } from '@gains/access';
import { Navigate } from 'react-router';
import { useUser } from '@/features/auth';

/**
 * Test hook: `/:organisationUuid/__crash` throws while rendering, to show the crash fallback. A development
 * convenience, so only a provider admin reaches it; anyone else is sent home like any unknown path.
 */
export function CrashRoute() {
  const user = useUser().data;
  if (!user) return null;
  if (firstRole(user.roles) !== 'ADMIN') return <Navigate to="/" replace />;
  throw new Error('Deliberate render crash (/__crash)');
}

export const Component = CrashRoute;
