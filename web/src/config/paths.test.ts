import { describe, expect, it } from 'vitest';
import { paths, switchOrganisationPath } from './paths';

describe('the app paths', () => {
  it('when an organisation is switched on a page, then the same page opens in the other organisation', () => {
    expect(switchOrganisationPath('/old/administration/users', 'new')).toBe('/new/administration/users');
  });

  it('when an organisation is switched from the root, then the new organisation’s clients open', () => {
    expect(switchOrganisationPath('/', 'new')).toBe(paths.clients('new'));
    expect(paths.clients('new')).toBe('/new/clients');
  });

  it('when an organisation id has characters that are special in a path, then it is encoded', () => {
    expect(switchOrganisationPath('/old/clients', 'a/b')).toBe('/a%2Fb/clients');
  });
});
