import { useState } from 'react';
import { Pagination, Select, Table } from 'antd';
import { LocalGrid } from '@/components/grid/local-grid';
import { formatExactQuantity, formatNumber } from '@/lib/format';
import type { TaxYear } from '../api/compute-ledger';
import { useDisposalPortfolios, useRunDisposals, type CalculationDisposal } from '../api/calculation-runs';
import { DisposalDetail } from './disposal-detail';
import { disposalColumns } from './disposals-columns';
import { moneyColumn } from './money';

const PAGE_SIZE = 100;
const ALL_YEARS = '';

/** The opened disposal's share from each portfolio (a joint portfolio at the client's share). */
function DisposalPortfolios({
  organisationUuid,
  runId,
  tid,
}: {
  organisationUuid: string;
  runId: string;
  tid: string;
}) {
  const parts = useDisposalPortfolios(organisationUuid, runId, tid);
  if (!parts.data || parts.data.length < 2) return null;
  return (
    <Table
      data-testid="disposal-portfolios"
      size="small"
      pagination={false}
      rowKey={(p) => `${p.portfolio}/${p.ref ?? ''}`}
      dataSource={parts.data}
      columns={[
        { key: 'portfolio', title: 'Portfolio', dataIndex: 'portfolio' },
        {
          key: 'quantity',
          title: 'Quantity',
          align: 'right',
          render: (_, p) => formatExactQuantity(p.quantity),
        },
        moneyColumn('proceeds', 'Proceeds'),
        moneyColumn('allowableCost', 'Allowable cost'),
        moneyColumn('gain', 'Gain'),
      ]}
    />
  );
}

/**
 * The stored run's disposals, a page at a time from the BFF; a click opens one's matches (rule, acquisition dates
 * and quantities, cost) with the pool before and after, and its share from each portfolio.
 */
export function StoredRunDisposals({
  organisationUuid,
  runId,
  taxYears,
}: {
  organisationUuid: string;
  runId: string;
  taxYears: TaxYear[];
}) {
  const [page, setPage] = useState(1);
  const [taxYear, setTaxYear] = useState(ALL_YEARS);
  const [openId, setOpenId] = useState<string>();
  const disposals = useRunDisposals(organisationUuid, runId, { page, size: PAGE_SIZE, taxYear });
  const rows = disposals.data?.content;
  const open = rows?.find((r) => r.id === openId);
  const total = disposals.data?.totalSize ?? 0;

  const yearFilter = (
    <Select
      value={taxYear}
      onChange={(next: string) => {
        setTaxYear(next);
        setPage(1);
        setOpenId(undefined);
      }}
      aria-label="Tax year"
      className="gains-calc-year-filter"
      options={[
        { value: ALL_YEARS, label: 'All tax years' },
        ...taxYears.filter((y) => y.numberOfDisposals > 0).map((y) => ({ value: y.taxYear, label: y.taxYear })),
      ]}
    />
  );

  return (
    <>
      <LocalGrid<CalculationDisposal>
        noun="disposal"
        gridId="stored-calculation-disposals"
        testId="disposals-grid"
        rows={rows}
        columns={disposalColumns}
        loading={disposals.isFetching}
        error={disposals.error}
        errorTitle="The disposals could not be loaded"
        exportSuffix="disposals"
        sheetName="Disposals"
        searchPlaceholder="Search disposals"
        emptyText="No disposals in these tax years"
        onRowClicked={(row) => setOpenId(row.id)}
        selectedId={open?.id}
        toolbar={yearFilter}
      />
      {total > PAGE_SIZE && (
        <div className="gains-grid-footer" data-testid="disposals-pages">
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showTotal={(n, [from, to]) => `Disposals ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(n)}`}
            onChange={(next) => {
              setPage(next);
              setOpenId(undefined);
            }}
          />
        </div>
      )}
      {open ? (
        <>
          <DisposalDetail key={open.id} disposal={open} onClose={() => setOpenId(undefined)} />
          <DisposalPortfolios organisationUuid={organisationUuid} runId={runId} tid={open.id} />
        </>
      ) : (
        total > 0 && <p className="gains-calc-hint">Select a disposal to see how its shares were matched.</p>
      )}
    </>
  );
}
