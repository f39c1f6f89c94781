import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { LocalGrid } from '@/components/grid/local-grid';
import type { TaxYear } from '../api/compute-ledger';
import { DisposalDetail } from './disposal-detail';
import { disposalColumns, type DisposalRow } from './disposals-columns';

const ALL_YEARS = '';

/** Every disposal of the calculation; a click opens its matches below the grid. */
export function DisposalsSection({ taxYears }: { taxYears: TaxYear[] }) {
  const [taxYear, setTaxYear] = useState(ALL_YEARS);
  const [openId, setOpenId] = useState<string>();
  const all = useMemo<DisposalRow[]>(
    () => taxYears.flatMap((y) => y.disposals.map((d, i) => ({ ...d, id: `${y.taxYear}/${i}`, taxYear: y.taxYear }))),
    [taxYears],
  );
  const rows = useMemo(() => (taxYear === ALL_YEARS ? all : all.filter((r) => r.taxYear === taxYear)), [all, taxYear]);
  const open = all.find((r) => r.id === openId);

  const yearFilter = (
    <Select
      value={taxYear}
      onChange={setTaxYear}
      aria-label="Tax year"
      className="gains-calc-year-filter"
      options={[
        { value: ALL_YEARS, label: 'All tax years' },
        ...taxYears.filter((y) => y.disposals.length > 0).map((y) => ({ value: y.taxYear, label: y.taxYear })),
      ]}
    />
  );

  return (
    <>
      <LocalGrid<DisposalRow>
        noun="disposal"
        gridId="ledger-calculation-disposals"
        testId="disposals-grid"
        rows={rows}
        columns={disposalColumns}
        loading={false}
        error={undefined}
        errorTitle=""
        exportSuffix="disposals"
        sheetName="Disposals"
        searchPlaceholder="Search disposals"
        emptyText="No disposals in these tax years"
        onRowClicked={(row) => setOpenId(row.id)}
        selectedId={open?.id}
        toolbar={yearFilter}
      />
      {open ? (
        <DisposalDetail key={open.id} disposal={open} onClose={() => setOpenId(undefined)} />
      ) : (
        all.length > 0 && <p className="gains-calc-hint">Select a disposal to see how its shares were matched.</p>
      )}
    </>
  );
}
