import { describe, expect, it } from 'vitest';
import { NO_PROCESSING_OVERRIDE } from '@gains/contracts';
import type { RunHeader } from '../store/pipeline-store';
import { holderCandidate, type Holder } from './create-candidates';

const dividend: RunHeader = {
  id: 1,
  uuid: '00000000-0000-4000-8000-000000000001',
  organisationUuid: '00000000-0000-4000-8000-0000000000aa',
  code: 'CA1',
  status: 'CREATING_CANDIDATES',
  effect: 'CASH_DIVIDEND',
  securityId: 7,
  exDate: '2026-09-01',
  payDate: '2026-09-15',
  parentSecurityPrice: null,
  quantityDecimalPlaces: 0,
  documentTypeCode: 'DIV',
  tradeDate: null,
  startDate: null,
  groupMethod: 'FIFO',
  lines: [
    {
      id: 1,
      ord: 1,
      transactionTypeName: 'DIVIDEND',
      rate: '0.0525',
      perParent: '1',
      price: null,
      newSecurityId: null,
      newSecurityDecimals: 0,
      apportionmentFactor: null,
    },
  ],
  override: NO_PROCESSING_OVERRIDE,
};

const holder = (owners: Holder['owners']): Holder => ({
  portfolioUuid: '00000000-0000-4000-8000-0000000000p1',
  portfolioCode: 'J-01',
  portfolioName: 'Joint GIA',
  taxWrapper: 'GIA',
  owners,
  quantity: '1000',
  cgtCost: '3000.00',
  price: '3.10',
});

describe('a holder as a corporate action’s candidate', () => {
  it('a joint portfolio names both owners, the larger share first, and opens the first owner', () => {
    const made = holderCandidate(
      dividend,
      holder([
        { clientUuid: 'c-1', clientCode: 'JNT001', clientName: 'Ann Joint' },
        { clientUuid: 'c-2', clientCode: 'JNT002', clientName: 'Bob Joint' },
      ]),
    );
    expect(made?.candidate).toMatchObject({
      clientUuid: 'c-1',
      clientCode: 'JNT001',
      clientName: 'Ann Joint & Bob Joint',
      holdingQuantity: '1000',
      // 1,000 x £3.10
      marketValuation: '3100.00',
      status: 'PENDING',
    });
  });

  it('a portfolio with one owner names that owner', () => {
    const made = holderCandidate(
      dividend,
      holder([{ clientUuid: 'c-1', clientCode: 'SOLE01', clientName: 'Sole Owner' }]),
    );
    expect(made?.candidate.clientName).toBe('Sole Owner');
  });

  it('a portfolio without an owner is no candidate', () => {
    expect(holderCandidate(dividend, holder([]))).toBeNull();
  });
});
