import { useMemo } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColDef } from 'ag-grid-community';
import { LocalGrid } from '@/components/grid/local-grid';
import { booleanColumn, dateColumn, textColumn } from '@/components/grid/grid-defaults';
import { useTransactionTypeList, type TransactionType } from '../api/transaction-types';

type Row = TransactionType & { id: string };

const columns: ColDef<Row>[] = [
  textColumn<Row>('name', 'Name', { width: 200, sort: 'asc' }),
  textColumn<Row>('description', 'Description', { width: 260 }),
  textColumn<Row>('direction', 'Direction', { width: 110 }),
  textColumn<Row>('effect', 'Effect', { width: 160 }),
  textColumn<Row>('incomeType', 'Income Type', { width: 170 }),
  booleanColumn<Row>('corporateAction', 'Corporate Action', { width: 150 }),
  textColumn<Row>('requiredFields', 'Required Fields', {
    width: 300,
    valueFormatter: (p) => ((p.value as string[] | undefined)?.length ? (p.value as string[]).join(', ') : '-'),
  }),
  booleanColumn<Row>('system', 'System', { width: 100 }),
  booleanColumn<Row>('active', 'Active', { width: 100 }),
  dateColumn<Row>('lastModifiedDate', 'Last Modified', { width: 140 }),
];

/**
 * Administration > Transaction Types: the types shipped with the product (each a tax-engine ledger effect or an
 * income type) and the organisation's own names mapped onto them. A row opens the type.
 */
export function TransactionTypesGrid({
  organisationUuid,
  onOpen,
  onAdd,
}: {
  organisationUuid: string;
  onOpen: (type: TransactionType) => void;
  onAdd?: () => void;
}) {
  const types = useTransactionTypeList(organisationUuid);
  const rows = useMemo(() => types.data?.map((t) => ({ ...t, id: t.uuid })), [types.data]);
  return (
    <LocalGrid<Row>
      gridId="transaction-types"
      testId="transaction-types-grid"
      rows={rows}
      columns={columns}
      loading={types.isFetching}
      error={types.error}
      errorTitle="Failed loading transaction types."
      exportSuffix="transaction-types"
      sheetName="Transaction Types"
      searchPlaceholder="Filter transaction types"
      emptyText="There are no transaction types"
      noun="transaction type"
      onRowClicked={onOpen}
      toolbar={
        onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            Add transaction type
          </Button>
        )
      }
    />
  );
}
