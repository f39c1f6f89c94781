import { Table } from 'antd';
import type { StaticDataChange } from '@gains/contracts';
import { changedFields, type FieldChange } from './change-fields';

/** A change's old and new values, one row per field that changes. */
export function ChangeDiff({ change }: { change: StaticDataChange }) {
  return (
    <Table<FieldChange>
      size="small"
      rowKey="field"
      pagination={false}
      data-testid="change-diff"
      dataSource={changedFields(change)}
      columns={[
        { title: 'Field', dataIndex: 'label', width: 200 },
        {
          title: 'Old value',
          dataIndex: 'oldText',
          render: (v: string) => <span className="gains-diff__old">{v}</span>,
        },
        {
          title: 'New value',
          dataIndex: 'newText',
          render: (v: string) => <span className="gains-diff__new">{v}</span>,
        },
      ]}
    />
  );
}
