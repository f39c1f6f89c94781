import { Alert } from 'antd';
import { formatDate } from '@/lib/format';
import type { CalculationFailure } from '../api/compute-ledger';

/** What the engine could not compute: left out of the totals, its tax year marked incomplete. */
export function CalculationFailures({ failures }: { failures: CalculationFailure[] }) {
  if (failures.length === 0) return null;
  const count = failures.length === 1 ? 'One transaction' : `${failures.length} transactions`;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="calculation-failures"
      message={`${count} could not be calculated and ${failures.length === 1 ? 'is' : 'are'} left out of the totals`}
      description={
        <ul className="gains-calc-failures">
          {failures.map((f, i) => (
            <li key={i}>
              <span className="gains-calc-failures__where">
                {f.security} · {formatDate(f.date)}
                {f.ref ? ` · ${f.ref}` : ''}
              </span>
              <span>{f.message}</span>
            </li>
          ))}
        </ul>
      }
    />
  );
}
