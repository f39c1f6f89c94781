import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { enterpriseGrid } from '@/lib/ag-grid';

/** Export menu: CSV, and Excel where AG Grid Enterprise is licensed (spec §2.4). */
export function ExportMenu({ onExport, disabled }: { onExport: (kind: 'csv' | 'xlsx') => void; disabled?: boolean }) {
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: [{ key: 'csv', label: 'CSV' }, ...(enterpriseGrid ? [{ key: 'xlsx', label: 'Excel' }] : [])],
        onClick: ({ key }) => onExport(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="export-menu">
        Export
      </Button>
    </Dropdown>
  );
}
