import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pagination, Select } from 'antd';
import { LocalGrid } from '@/components/grid/local-grid';
import { formatNumber } from '@/lib/format';
import { disposalsPageQueryOptions, type CalculationView } from '../api/compute-ledger';
import { DisposalDetail } from './disposal-detail';
import { disposalColumns, type DisposalRow } from './disposals-columns';

const ALL_YEARS = '';

/**
 * The calculation's disposals, a page at a time as the tax engine answers them (the first came with the
 * calculation; another is the same files computed again for that page); a click opens one's matches below the
 * grid.
 */
export function DisposalsSection({ result, input, submittedAt }: CalculationView) {
  const first = result.disposalsPage;
  const [page, setPage] = useState(first.page);
  const [taxYear, setTaxYear] = useState(ALL_YEARS);
  const [openId, setOpenId] = useState<string>();
  const other = useQuery({ ...disposalsPageQueryOptions(submittedAt, input, page), enabled: page !== first.page });
  const shown = page === first.page ? result : other.data;
  const taxYears = useMemo(() => shown?.computation.taxYears ?? [], [shown]);
  const all = useMemo<DisposalRow[]>(
    () => taxYears.flatMap((y) => y.disposals.map((d, i) => ({ ...d, id: `${y.taxYear}/${i}`, taxYear: y.taxYear }))),
    [taxYears],
  );
  const rows = useMemo(() => (taxYear === ALL_YEARS ? all : all.filter((r) => r.taxYear === taxYear)), [all, taxYear]);
  const open = all.find((r) => r.id === openId);
  const turnTo = (next: number) => {
    setPage(next);
    setOpenId(undefined);
    setTaxYear(ALL_YEARS);
  };

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
        loading={page !== first.page && other.isFetching}
        error={page !== first.page ? other.error : undefined}
        errorTitle="This page of disposals could not be calculated"
        exportSuffix="disposals"
        sheetName="Disposals"
        searchPlaceholder="Search disposals"
        emptyText="No disposals in these tax years"
        onRowClicked={(row) => setOpenId(row.id)}
        selectedId={open?.id}
        toolbar={yearFilter}
      />
      {first.total > first.pageSize && (
        <div className="gains-grid-footer" data-testid="disposals-pages">
          <Pagination
            current={page}
            pageSize={first.pageSize}
            total={first.total}
            showSizeChanger={false}
            showTotal={(total, [from, to]) =>
              `Disposals ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`
            }
            onChange={turnTo}
          />
        </div>
      )}
      {open ? (
        <DisposalDetail key={open.id} disposal={open} onClose={() => setOpenId(undefined)} />
      ) : (
        all.length > 0 && <p className="gains-calc-hint">Select a disposal to see how its shares were matched.</p>
      )}
    </>
  );
}
