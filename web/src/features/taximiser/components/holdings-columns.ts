import type { ColDef, IRowNode } from 'ag-grid-community';
import { moneyColumn, quantityColumn, textColumn } from '@/components/grid/grid-defaults';
import { formatPrice, formatQuantity } from '@/lib/format';
import { rowProblems, type RowField, type TaximiserRow } from './taximiser-rows';

/** The selected row's broken rule for the cell's field, or undefined (unselected rows show none, seed 000 §5). */
export function cellProblem(
  params: { data?: TaximiserRow; node?: IRowNode<TaximiserRow> | null },
  field: RowField,
): string | undefined {
  if (!params.data || !params.node?.isSelected()) return undefined;
  return rowProblems(params.data).find((p) => p.field === field)?.message;
}

/** An editable decimal cell: shown to 4 places when it is a number, as typed otherwise; its rule in the tooltip. */
function editableColumn(field: RowField, headerName: string, width: number): ColDef<TaximiserRow> {
  return {
    field,
    headerName,
    editable: true,
    cellEditor: 'agTextCellEditor',
    cellClass: ['ag-right-aligned-cell', 'gains-number', 'gains-editable-cell'],
    cellClassRules: { 'gains-cell-invalid': (p) => !!cellProblem(p, field) },
    valueFormatter: (p) => {
      const text = (p.value as string) ?? '';
      if (text === '') return '';
      return field === 'price' ? formatPrice(text) : formatQuantity(text);
    },
    tooltipValueGetter: (p) => cellProblem(p, field),
    width,
    sortable: false,
  };
}

/** The Taximiser holdings table (seed 000 §2.7); SEDOL, ISIN and portfolio code hidden at first. */
export const HOLDINGS_COLUMNS: ColDef<TaximiserRow>[] = [
  textColumn<TaximiserRow>('portfolioCode', 'Portfolio Code', { hide: true, width: 140 }),
  textColumn<TaximiserRow>('sedol', 'SEDOL', { hide: true, width: 110 }),
  textColumn<TaximiserRow>('isin', 'ISIN', { hide: true, width: 140 }),
  textColumn<TaximiserRow>('issuerName', 'Issuer', { width: 150 }),
  textColumn<TaximiserRow>('securityName', 'Security', { width: 200 }),
  quantityColumn<TaximiserRow>('quantity', 'Quantity', { width: 120 }),
  moneyColumn<TaximiserRow>('cgtCost', 'CGT Cost', { width: 120 }),
  editableColumn('price', 'Price Per Share', 120),
  moneyColumn<TaximiserRow>('marketValue', 'Market Value', { width: 130 }),
  moneyColumn<TaximiserRow>('unrealisedIncomeGain', 'Unrealised Income Gain', { width: 130 }),
  moneyColumn<TaximiserRow>('unrealisedCapitalGainLoss', 'Unrealised Capital Gain/Loss', { width: 140 }),
  editableColumn('disposalAmount', 'Disposal Amount', 140),
];

/** The column the reduced layout hides. */
export const REDUCED_HIDDEN = ['unrealisedIncomeGain'];
