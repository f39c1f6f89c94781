import { describe, expect, it } from 'vitest';
import type { Security } from '@gains/contracts';
import {
  applyEdit,
  changeLines,
  describeUpdateField,
  isEdited,
  resultSummary,
  toUpdates,
  withEdits,
  type ClassificationEdits,
} from './classification-edits';

function security(id: number, extra: Partial<Security> = {}): Security {
  return {
    id,
    sedol: `B00000${id}`,
    isin: '',
    issuer: 'u',
    issuerName: 'Issuer',
    issuerLongName: '',
    securityName: `Security ${id}`,
    reportingName: '',
    securityDescription: '',
    securityLongDescription: '',
    currency: 'GBP',
    assetClass: 'EQUITY',
    cgtClass: 'CAPITAL',
    quantityDecimalPlaces: 0,
    status: 'ACTIVE',
    createdDate: '',
    lastModifiedDate: '',
    lastModifiedByName: '',
    ...extra,
  };
}

describe('classification edits', () => {
  it('when cells of two securities change, then only the changed fields are sent, per security', () => {
    let edits: ClassificationEdits = {};
    edits = applyEdit(edits, security(1), 'status', 'SUSPENDED');
    edits = applyEdit(edits, security(1), 'quantityDecimalPlaces', 4);
    edits = applyEdit(edits, security(2), 'assetClass', 'GILT');
    expect(toUpdates(edits)).toEqual([
      { id: 1, status: 'SUSPENDED', quantityDecimalPlaces: 4 },
      { id: 2, assetClass: 'GILT' },
    ]);
    expect(isEdited(edits, 1, 'status')).toBe(true);
    expect(isEdited(edits, 1, 'assetClass')).toBe(false);
  });

  it('when a value is put back to what it was, then it is no longer an edit, and an untouched row drops out', () => {
    let edits = applyEdit({}, security(1), 'status', 'DELISTED');
    // the grid hands back its edited copy; the original is kept from the first edit
    edits = applyEdit(edits, security(1, { status: 'DELISTED' }), 'status', 'ACTIVE');
    expect(edits).toEqual({});
  });

  it('when edits are made, then the edits object given is never changed', () => {
    const before: ClassificationEdits = {};
    const after = applyEdit(before, security(1), 'status', 'MATURED');
    expect(before).toEqual({});
    expect(after).not.toBe(before);
  });

  it('when a page comes back from the server, then the unsaved edits show over it', () => {
    const edits = applyEdit({}, security(1), 'cgtClass', 'EXEMPT');
    expect(withEdits(security(1), edits).cgtClass).toBe('EXEMPT');
    expect(withEdits(security(2), edits).cgtClass).toBe('CAPITAL');
  });

  it('when the summary is shown, then each change reads security, field, from and to in words', () => {
    let edits = applyEdit({}, security(1), 'assetClass', 'NON_REPORTING_OFFSHORE_FUND');
    edits = applyEdit(edits, security(1), 'quantityDecimalPlaces', 2);
    expect(changeLines(edits)).toEqual([
      expect.objectContaining({
        security: 'Security 1 (B000001)',
        field: 'Asset class',
        from: 'Equity',
        to: 'Non-reporting offshore fund',
      }),
      expect.objectContaining({ field: 'Quantity decimals', from: '0', to: '2' }),
    ]);
  });

  it('when the server names a row of the body, then the message names its security and field', () => {
    const edits = applyEdit(applyEdit({}, security(1), 'status', 'MATURED'), security(2), 'status', 'MATURED');
    expect(describeUpdateField('updates.1.status', toUpdates(edits), edits)).toBe('Security 2 (B000002), Status');
    expect(describeUpdateField('note', toUpdates(edits), edits)).toBeUndefined();
  });

  it('when a save returns, then the summary says whether it took effect or awaits approval', () => {
    expect(resultSummary({ applied: true, securities: [security(1), security(2)], changes: [] }, 3)).toBe(
      'Saved 3 changes to 2 securities.',
    );
    expect(resultSummary({ applied: false, securities: [], changes: [{} as never] }, 1)).toBe(
      'Sent 1 change to 1 security for approval by a provider administrator.',
    );
  });
});
