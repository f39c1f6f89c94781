import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';
import { config } from '@/config/env';

/**
 * Grid set-up (spec §9). AG Grid Enterprise (Excel export, the columns tool panel) is used only with
 * a licence key (VITE_AG_GRID_LICENSE_KEY at build time); without one the grids use the Community
 * modules, and the enterprise code is not even loaded. Runs once, when the first grid page loads,
 * so the grid code stays out of the sign-in bundle.
 */
export const enterpriseGrid = Boolean(config.agGridLicenseKey);

if (config.agGridLicenseKey) {
  const { AllEnterpriseModule, LicenseManager } = await import('ag-grid-enterprise');
  LicenseManager.setLicenseKey(config.agGridLicenseKey);
  ModuleRegistry.registerModules([AllEnterpriseModule]);
} else {
  ModuleRegistry.registerModules([AllCommunityModule]);
}
