import type { ServiceName } from '@gains/config';
import { clientsModule } from '@gains/clients';
import { documentsModule } from '@gains/documents';
import { identityModule } from '@gains/identity';
import { reportsModule } from '@gains/reports';
import { securitiesModule } from '@gains/securities';
import type { ServiceModule } from '@gains/service-kit';
import { taxEngineModule } from '@gains/tax-engine';

/** Every service, in start order: identity first, as the others verify tokens with its keys. */
export const SERVICE_MODULES: Record<ServiceName, ServiceModule> = {
  identity: identityModule,
  clients: clientsModule,
  securities: securitiesModule,
  'tax-engine': taxEngineModule,
  documents: documentsModule,
  reports: reportsModule,
};
