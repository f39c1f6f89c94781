import { describe, expect, it } from 'vitest';
import type { Organisation } from '@/features/organisations';
import { defaultOrganisationUuid } from './default-organisation';

const org = (uuid: string, type: string): Organisation => ({ uuid, id: 0, code: uuid.toUpperCase(), name: uuid, type });
const provider = org('gains', 'PROVIDER');
const ashworth = org('ashw', 'FIRM');
const brookfield = org('brkf', 'FIRM');
const branch = org('brkf-leeds', 'BRANCH');

describe('where a signed-in user lands', () => {
  it('when a provider admin belongs only to the provider, then they land in the first firm they can see', () => {
    expect(defaultOrganisationUuid([{ uuid: 'gains' }], [provider, ashworth, brookfield])).toBe('ashw');
  });

  it('when a user belongs to firms, then they land in their own first firm, not the first in the list', () => {
    expect(defaultOrganisationUuid([{ uuid: 'brkf' }, { uuid: 'ashw' }], [ashworth, brookfield])).toBe('brkf');
  });

  it('when a user belongs to the provider and a branch, then they land in the branch', () => {
    expect(defaultOrganisationUuid([{ uuid: 'gains' }, { uuid: 'brkf-leeds' }], [provider, branch])).toBe('brkf-leeds');
  });

  it('when only the provider exists, then they land there; with nothing, nowhere', () => {
    expect(defaultOrganisationUuid([{ uuid: 'gains' }], [provider])).toBe('gains');
    expect(defaultOrganisationUuid([], [])).toBeUndefined();
  });
});
