import type { CsvRow } from './import-csv';
import type { ImportDeps } from './import-deps';
import type { ImportLookups } from './import-rules';

/** What a file's rows are checked against, loaded once per file. */
export async function lookupsFor(
  deps: ImportDeps,
  organisationUuid: string,
  rows: readonly CsvRow[],
): Promise<ImportLookups> {
  const lookups = await deps.imports.lookups(organisationUuid, deps.today());
  // Only codes not of this organisation are looked for in others, to name a cross-firm row as such.
  const unknown = new Set<string>();
  for (const r of rows) {
    const code = (r.cells.portfolio ?? '').toUpperCase();
    if (code && !lookups.portfolios.has(code)) unknown.add(code);
  }
  lookups.foreignPortfolios = await deps.imports.foreignPortfolioCodes(organisationUuid, [...unknown]);
  return lookups;
}
