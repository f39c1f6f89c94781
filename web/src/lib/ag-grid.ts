import { ModuleRegistry } from 'ag-grid-community';
import { AllEnterpriseModule, LicenseManager } from 'ag-grid-enterprise';
import { config } from '@/config/env';

/**
 * Grid set-up (spec §9): modules and, when configured, the enterprise licence. Runs once, when the first
 * grid page loads, so the grid code stays out of the sign-in bundle.
 */
ModuleRegistry.registerModules([AllEnterpriseModule]);
if (config.agGridLicenseKey) LicenseManager.setLicenseKey(config.agGridLicenseKey);

export const gridReady = true;
