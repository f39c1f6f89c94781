import { useMemo } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatBoolean, formatText } from '@/lib/format';
import { LocalGrid } from '@/components/grid/local-grid';
import { useAdminOrganisations, useOrganisationTypes, type AdminOrganisation } from '../api/get-organisations';
import { useServiceLevels } from '../api/get-service-levels';

/** The organisations list (spec §2.1, §2.4): code, name, type, parent, service level, ignoreBfLoss. */
export function OrganisationsGrid({
  onOpen,
  onAdd,
}: {
  onOpen: (organisation: AdminOrganisation) => void;
  /** Only for those who may add (super admins). */
  onAdd?: () => void;
}) {
  const organisations = useAdminOrganisations();
  const serviceLevels = useServiceLevels();
  const types = useOrganisationTypes();

  const columns = useMemo<ColDef<AdminOrganisation>[]>(() => {
    const byId = new Map((organisations.data ?? []).map((o) => [o.id, o]));
    const levels = new Map((serviceLevels.data ?? []).map((s) => [s.id, s]));
    const typeNames = new Map((types.data ?? []).map((t) => [t.code, t.name]));
    return [
      { field: 'code', headerName: 'Code', minWidth: 110, sort: 'asc' },
      { field: 'name', headerName: 'Name', minWidth: 220, flex: 2 },
      {
        field: 'type',
        headerName: 'Type',
        valueGetter: (p) => (p.data ? (typeNames.get(p.data.type) ?? p.data.type) : ''),
      },
      {
        colId: 'parent',
        headerName: 'Parent',
        valueGetter: (p) => {
          const parent = p.data?.parent != null ? byId.get(p.data.parent) : undefined;
          return parent ? parent.code : p.data?.parent != null ? String(p.data.parent) : '';
        },
        valueFormatter: (p) => formatText(p.value as string),
      },
      {
        colId: 'serviceLevel',
        headerName: 'Service level',
        valueGetter: (p) => {
          const level = p.data?.serviceLevelId != null ? levels.get(p.data.serviceLevelId) : undefined;
          return level ? level.serviceLevel : '';
        },
        valueFormatter: (p) => formatText(p.value as string),
      },
      {
        field: 'ignoreBfLoss',
        headerName: 'Ignore BF loss',
        cellDataType: 'text',
        valueFormatter: (p) => formatBoolean(p.value as boolean),
        getQuickFilterText: () => '',
      },
    ];
  }, [organisations.data, serviceLevels.data, types.data]);

  return (
    <LocalGrid<AdminOrganisation>
      noun="organisation"
      gridId="organisations"
      testId="organisations-grid"
      rows={organisations.data}
      columns={columns}
      loading={organisations.isFetching}
      error={organisations.error}
      errorTitle="There was a problem fetching organisations"
      exportSuffix="organisations"
      sheetName="Organisations"
      searchPlaceholder="Search organisations"
      emptyText="No organisations found"
      onRowClicked={onOpen}
      toolbar={
        onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            Add organisation
          </Button>
        )
      }
    />
  );
}
