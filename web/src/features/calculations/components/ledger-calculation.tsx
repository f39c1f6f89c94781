import { Alert, Spin } from 'antd';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { useComputeLedger } from '../api/compute-ledger';
import { CalculationResults } from './calculation-results';
import { LedgerFileGuide } from './ledger-file-guide';
import { LedgerForm, isFormFieldError } from './ledger-form';

/**
 * The ledger calculation tool: a ledger file (and prices) in, the tax engine's computation out. Only the
 * latest calculation shows: while one runs, or after one fails, no earlier results stay on the page.
 */
export function LedgerCalculation({ organisationUuid }: { organisationUuid: string }) {
  const calculation = useComputeLedger();
  const { data, variables, error } = calculation;

  let body;
  if (calculation.isPending) {
    body = (
      <div className="gains-panel gains-calc-state" data-testid="calculating">
        <Spin />
        <span>Calculating {variables?.ledger.name}…</span>
      </div>
    );
  } else if (calculation.isError) {
    body = isFormFieldError(error) ? (
      <Alert
        type="error"
        showIcon
        data-testid="calculation-refused"
        message="Nothing was calculated"
        description="The tax engine refused the input: the problem is shown by the field above. Correct it and calculate again."
      />
    ) : (
      <ApiErrorAlert title="The calculation failed" error={error} />
    );
  } else if (data && variables) {
    body = (
      <CalculationResults
        key={calculation.submittedAt}
        result={data}
        input={variables}
        submittedAt={calculation.submittedAt}
      />
    );
  } else {
    body = <LedgerFileGuide />;
  }

  return (
    <div className="gains-calc">
      <LedgerForm organisationUuid={organisationUuid} calculation={calculation} />
      {body}
    </div>
  );
}
