import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentType, LineDefinition } from '@gains/contracts';
import { CorporateActionHeaderForm } from './ca-header-form';
import { emptyDraft } from './ca-header-form-rules';

const definition = (ord: number, flags: Partial<LineDefinition>): LineDefinition => ({
  uuid: `00000000-0000-4000-8000-00000000000${ord}`,
  ord,
  transactionTypeName: `TYPE_${ord}`,
  transactionTypeDescription: `line ${ord}`,
  newSecurity: false,
  useParentSecurityPrice: false,
  usePriceInTransaction: false,
  apportionmentFactor: false,
  mandatory: true,
  multiple: false,
  defaultPrice: '',
  defaultIncomeReportLabel: '',
  rateAppliesToId: 1,
  ...flags,
});

/** A demerger-like type: the parent price mandatory; a mandatory apportioned line and an optional one. */
const TYPE = {
  uuid: '5d0c7a3e-0000-4d00-8000-00000000000d',
  code: 'DEMERGER',
  name: 'Demerger',
  documentTypeCode: 'CA',
  effect: 'DEMERGER',
  apportionmentFactorMethodId: 1,
  parentSecurityPriceMandatory: true,
  newSecurityPriceMandatory: false,
  allowZeroRate: false,
  apportionmentFactor: true,
  smallCheck: false,
  eri: false,
  useG1g2: false,
  corporateAction: true,
  portfolioMovement: false,
  schedule: false,
  income: false,
  system: true,
  lineDefinitions: [definition(1, { apportionmentFactor: true }), definition(2, { mandatory: false })],
} as DocumentType;

function renderForm(onSave = vi.fn(() => Promise.resolve())) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CorporateActionHeaderForm
        organisationUuid="org-1"
        type={TYPE}
        initial={emptyDraft(TYPE)}
        saving={false}
        submitText="Save"
        onSave={onSave}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
  return onSave;
}

// AntD's first render in happy-dom is slow on a busy machine
describe('the corporate action header form', { timeout: 30_000 }, () => {
  it('when saved empty, then each seed 001 §5 message shows and nothing is sent', () => {
    const onSave = renderForm();
    fireEvent.click(screen.getByTestId('ca-save'));
    for (const message of [
      'Ex Date is required',
      'Pay Date is required',
      'Layer is required',
      'Parent Security Price is required',
    ])
      expect(screen.getByText(message)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('when a type has a mandatory and an optional definition, then only the optional one has Add and a line', () => {
    renderForm();
    expect(screen.queryByTestId('ca-add-line-1')).toBeNull();
    expect(screen.getByTestId('ca-add-line-2')).toBeTruthy();
    // the mandatory definition's pre-created line; the optional starts empty
    expect(screen.getByTestId('ca-rates-1').querySelectorAll('[data-testid="ca-line-rate"]')).toHaveLength(1);
    expect(screen.getByTestId('ca-rates-2').querySelectorAll('[data-testid="ca-line-rate"]')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ca-add-line-2'));
    expect(screen.getByTestId('ca-rates-2').querySelectorAll('[data-testid="ca-line-rate"]')).toHaveLength(1);
  });

  it('when a definition uses the apportionment factor, then only its grid has that column', () => {
    renderForm();
    expect(screen.getByTestId('ca-rates-1').textContent).toContain('Apportionment Factor');
    expect(screen.getByTestId('ca-rates-2').textContent).not.toContain('Apportionment Factor');
  });
});
