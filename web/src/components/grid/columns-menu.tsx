import { useState } from 'react';
import { Button, Checkbox, Dropdown } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import type { GridApi } from 'ag-grid-community';

interface ColumnChoice {
  colId: string;
  name: string;
  visible: boolean;
}

/** The grid's columns in their current order, each with whether it is shown. */
export function columnChoices(api: Pick<GridApi, 'getColumns' | 'getDisplayNameForColumn'>): ColumnChoice[] {
  return (api.getColumns() ?? []).map((column) => ({
    colId: column.getColId(),
    name: api.getDisplayNameForColumn(column, null) || column.getColId(),
    visible: column.isVisible(),
  }));
}

/**
 * Shows and hides a grid's columns: the Community stand-in for the Enterprise columns tool panel,
 * used when there is no AG Grid licence. The grid's own column events save the choice.
 */
export function ColumnsMenu({ getApi }: { getApi: () => GridApi | undefined }) {
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [open, setOpen] = useState(false);
  const refresh = () => {
    const api = getApi();
    setChoices(api ? columnChoices(api) : []);
  };
  const toggle = (choice: ColumnChoice) => {
    getApi()?.setColumnsVisible([choice.colId], !choice.visible);
    refresh();
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={(next, info) => {
        if (info.source !== 'trigger') return; // a click on a column keeps the menu open
        if (next) refresh();
        setOpen(next);
      }}
      menu={{
        items: choices.map((choice) => ({
          key: choice.colId,
          label: <Checkbox checked={choice.visible}>{choice.name}</Checkbox>,
        })),
        onClick: ({ key, domEvent }) => {
          domEvent.preventDefault();
          const choice = choices.find((c) => c.colId === key);
          if (choice) toggle(choice);
        },
        style: { maxHeight: 420, overflowY: 'auto' },
      }}
    >
      <Button icon={<TableOutlined />} data-testid="columns-menu">
        Columns
      </Button>
    </Dropdown>
  );
}
