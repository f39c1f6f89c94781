import { describe, expect, it } from 'vitest';
import { changedFields } from './change-fields';

describe('the diff of a static data change', () => {
  it('when a change is shown, then each changed field reads old and new in words, in the form’s order', () => {
    expect(
      changedFields({
        oldValues: { status: 'ACTIVE', securityName: 'Old Name plc', quantityDecimalPlaces: 0 },
        newValues: { status: 'SUSPENDED', securityName: 'New Name plc', quantityDecimalPlaces: 0 },
      }),
    ).toEqual([
      { field: 'securityName', label: 'Security name', oldText: 'Old Name plc', newText: 'New Name plc' },
      { field: 'status', label: 'Status', oldText: 'Active', newText: 'Suspended' },
    ]);
  });

  it('when a security is proposed, then every field is new and the old values read -', () => {
    const fields = changedFields({ oldValues: {}, newValues: { sedol: 'B0YBKJ7', assetClass: 'GILT' } });
    expect(fields.map((f) => [f.label, f.oldText, f.newText])).toEqual([
      ['SEDOL', '-', 'B0YBKJ7'],
      ['Asset class', '-', 'Gilt'],
    ]);
  });
});
