import { formatMoney, isNegative } from '@/lib/format';

/** A money figure as text: GBP, right-aligned by its cell, negatives in red (the decimal string is never a float). */
export function Money({ value, strong }: { value: string | null | undefined; strong?: boolean }) {
  const className = ['gains-amount', isNegative(value) && 'gains-amount--negative', strong && 'gains-amount--strong']
    .filter(Boolean)
    .join(' ');
  return <span className={className}>{formatMoney(value)}</span>;
}

/** A right-aligned money column of an AntD table whose rows hold the figure under `key`. */
export function moneyColumn<Row extends object>(key: keyof Row & string, title: string, width = 150) {
  return {
    key,
    title,
    align: 'right' as const,
    width,
    render: (_: unknown, row: Row) => <Money value={row[key] as string | null | undefined} />,
  };
}
