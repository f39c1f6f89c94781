import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';

/** Export menu: CSV or Excel (spec §2.4). */
export function ExportMenu({ onExport, disabled }: { onExport: (kind: 'csv' | 'xlsx') => void; disabled?: boolean }) {
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: [
          { key: 'csv', label: 'CSV' },
          { key: 'xlsx', label: 'Excel' },
        ],
        onClick: ({ key }) => onExport(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="export-menu">
        Export
      </Button>
    </Dropdown>
  );
}
