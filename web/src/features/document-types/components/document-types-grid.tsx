import { useMemo } from 'react';
import type { ColDef } from 'ag-grid-community';
import { LocalGrid } from '@/components/grid/local-grid';
import { booleanColumn, dateColumn, numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { useDocumentTypeAdminList, type DocumentType } from '../api/document-types';

type Row = DocumentType & { id: string; kind: string; owner: string; lines: number };

const columns: ColDef<Row>[] = [
  textColumn<Row>('code', 'Code', { width: 210, sort: 'asc' }),
  textColumn<Row>('name', 'Name', { width: 280 }),
  textColumn<Row>('documentTypeCode', 'Kind', { width: 90 }),
  textColumn<Row>('effect', 'Effect', { width: 210 }),
  textColumn<Row>('owner', 'System/Firm', { width: 130 }),
  textColumn<Row>('baseCode', 'Copied From', { width: 190 }),
  booleanColumn<Row>('active', 'Active', { width: 100 }),
  numberColumn<Row>('lines', 'Lines', { width: 90 }),
  textColumn<Row>('updatedByName', 'Modified By', { width: 160 }),
  dateColumn<Row>('updatedAt', 'Modified', { width: 130 }),
];

/**
 * Administration > Document Types: the system types (read-only, every firm's) and the firm's own copies of them,
 * inactive ones too. A row opens the type.
 */
export function DocumentTypesGrid({
  organisationUuid,
  onOpen,
}: {
  organisationUuid: string;
  onOpen: (type: DocumentType) => void;
}) {
  const types = useDocumentTypeAdminList(organisationUuid);
  const rows = useMemo(
    () =>
      types.data?.map((t) => ({
        ...t,
        id: t.uuid,
        kind: t.documentTypeCode,
        owner: t.system ? 'System' : 'Firm',
        lines: t.lineDefinitions.length,
      })),
    [types.data],
  );
  return (
    <LocalGrid<Row>
      gridId="document-types"
      testId="document-types-grid"
      rows={rows}
      columns={columns}
      loading={types.isFetching}
      error={types.error}
      errorTitle="Failed loading document types."
      exportSuffix="document-types"
      sheetName="Document Types"
      searchPlaceholder="Filter document types"
      emptyText="There are no document types"
      noun="document type"
      onRowClicked={onOpen}
    />
  );
}
