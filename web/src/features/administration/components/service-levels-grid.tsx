import { useMemo } from 'react';
import type { ColDef } from 'ag-grid-community';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { reportTypeName } from '@gains/contracts';
import { LocalGrid } from '@/components/grid/local-grid';
import { useServiceLevels, type ServiceLevel } from '../api/get-service-levels';

/** Organisation service levels: code, name and the report types each generates. */
export function ServiceLevelsGrid({ onOpen, onAdd }: { onOpen: (level: ServiceLevel) => void; onAdd?: () => void }) {
  const levels = useServiceLevels();
  const columns = useMemo<ColDef<ServiceLevel>[]>(
    () => [
      { field: 'code', headerName: 'Code', sort: 'asc' },
      { field: 'serviceLevel', headerName: 'Service level', flex: 2 },
      {
        colId: 'reportTypes',
        headerName: 'Report types',
        flex: 2,
        valueGetter: (p) =>
          (p.data?.reportTypeMappings ?? [])
            .map((m) => `${reportTypeName(m.reportTypeId)}${m.generate ? ' (generate)' : ''}`)
            .join(', ') || '-',
      },
    ],
    [],
  );
  return (
    <LocalGrid<ServiceLevel>
      noun="service level"
      gridId="organisation-service-levels"
      testId="service-levels-grid"
      rows={levels.data}
      columns={columns}
      loading={levels.isFetching}
      error={levels.error}
      errorTitle="There was a problem fetching service levels"
      exportSuffix="organisation-service-levels"
      sheetName="Service levels"
      searchPlaceholder="Search service levels"
      emptyText="No service levels yet"
      onRowClicked={onOpen}
      toolbar={
        onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            Add service level
          </Button>
        )
      }
    />
  );
}
