import type { ConnectRouter } from '@connectrpc/connect';
import { HealthService } from '@gains/proto';

export function healthRoutes(
  router: ConnectRouter,
  service: string,
  state: { ready: () => boolean; migrations: string[] },
) {
  router.service(HealthService, {
    check: () => ({ service, ready: state.ready(), migrations: state.migrations }),
  });
}
