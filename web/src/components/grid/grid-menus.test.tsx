import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Column, GridApi } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import { ColumnsMenu, columnChoices } from './columns-menu';
import { ExportMenu } from './export-menu';

const licence = vi.hoisted(() => ({ enterprise: false }));
vi.mock('@/lib/ag-grid', () => ({
  get enterpriseGrid() {
    return licence.enterprise;
  },
}));

/** A grid with three columns, the last hidden, that records what is shown and hidden. */
function fakeGrid() {
  const visible = new Map([
    ['code', true],
    ['name', true],
    ['type', false],
  ]);
  const names: Record<string, string> = { code: 'Client Code', name: 'Client Name', type: 'Client Type' };
  const column = (id: string) => ({ getColId: () => id, isVisible: () => visible.get(id)! }) as unknown as Column;
  const api = {
    getColumns: () => [...visible.keys()].map(column),
    getDisplayNameForColumn: (c: Column) => names[c.getColId()],
    setColumnsVisible: vi.fn((ids: string[], show: boolean) => ids.forEach((id) => visible.set(id, show))),
  };
  return { api: api as unknown as GridApi & typeof api, visible };
}

async function openMenu(button: 'Export' | 'Columns') {
  // the button's name also carries its icon's label ("download Export")
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`${button}$`) }));
  return screen.findByRole('menu');
}

describe('the export menu', () => {
  it('when opened, then it offers CSV and Excel, with or without an AG Grid licence (Excel is our own writer)', async () => {
    for (const enterprise of [false, true]) {
      licence.enterprise = enterprise;
      const onExport = vi.fn();
      const { unmount } = render(<ExportMenu onExport={onExport} />);
      const menu = await openMenu('Export');
      await userEvent.click(within(menu).getByText('Excel'));
      expect(onExport).toHaveBeenCalledWith('xlsx');
      unmount();
    }
  });

  it('when CSV is chosen, then the grid is asked for CSV', async () => {
    const onExport = vi.fn();
    render(<ExportMenu onExport={onExport} />);
    await userEvent.click(within(await openMenu('Export')).getByText('CSV'));
    expect(onExport).toHaveBeenCalledWith('csv');
  });
});

describe('the columns menu', () => {
  it('when the grid has columns, then each is listed by its header name with whether it shows', () => {
    expect(columnChoices(fakeGrid().api)).toEqual([
      { colId: 'code', name: 'Client Code', visible: true },
      { colId: 'name', name: 'Client Name', visible: true },
      { colId: 'type', name: 'Client Type', visible: false },
    ]);
  });

  it('when a hidden column is chosen, then the grid shows it and the menu stays open to choose more', async () => {
    const grid = fakeGrid();
    render(<ColumnsMenu getApi={() => grid.api} />);
    const menu = await openMenu('Columns');
    const type = within(menu).getByRole('checkbox', { name: 'Client Type' });
    expect((type as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(menu).getByText('Client Type'));
    expect(grid.api.setColumnsVisible).toHaveBeenCalledWith(['type'], true);
    expect(grid.visible.get('type')).toBe(true);
    expect(
      (within(screen.getByRole('menu')).getByRole('checkbox', { name: 'Client Type' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
