import { describe, expect, it } from 'vitest';
import { gainsInChromium } from './support/suite';
import { SHOTS, USERS, api, apiToken, newPage, organisationOf, signIn } from './support/browser';

const ALL_GROUPS = ['Client Area', 'Outputs', 'Movement Management', 'Operations', 'My Tasks', 'Administration'];

const suite = gainsInChromium();

async function groupLabels(page: import('playwright-core').Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button').first().waitFor();
  return (await nav.getByRole('button').allInnerTexts()).map((t) => t.trim());
}

async function cardTitles(page: import('playwright-core').Page, group: string): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: group }).click();
  const menu = page.locator('.gains-nav-dropdown:not(.ant-dropdown-hidden)');
  await menu.waitFor();
  const titles = await menu.locator('.gains-nav-card__title').allInnerTexts();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return titles.map((t) => t.replace(/\s*•$/, '').trim());
}

describe('the shell', () => {
  it('when the sign-in form is empty, then it asks for the email address and password', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email address is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.screenshot({ path: `${SHOTS}/sign-in-required.png` });
    await page.context().close();
  });

  it('when the password is wrong, then the server message shows in an error banner', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await page.goto('/');
    await page.getByLabel('Email address').fill(USERS.adviser);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const banner = page.locator('.gains-auth__banner');
    await banner.waitFor();
    expect((await banner.innerText()).trim().length).toBeGreaterThan(0);
    expect(page.url()).not.toMatch(/clients/);
    await page.screenshot({ path: `${SHOTS}/sign-in-error.png` });
    await page.context().close();
  });

  it('when an administrator signs in, then every navigation group and card shows', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
    expect(await groupLabels(page)).toEqual(ALL_GROUPS);
    expect(await cardTitles(page, 'Administration')).toEqual(['Administration', 'Reference Data']);
    expect(await cardTitles(page, 'Operations')).toEqual([
      'ACT Monitor',
      'Securities Lite',
      'Calculations',
      'Interface Logging',
      'Job Monitor',
      'MI Dashboard',
    ]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Operations' }).click();
    await page.locator('.gains-nav-dropdown:not(.ant-dropdown-hidden)').waitFor();
    await page.waitForTimeout(400); // let the menu finish opening
    await page.screenshot({ path: `${SHOTS}/nav-operations-admin.png` });
    await page.context().close();
  });

  it('when a customer administrator signs in, then every group shows', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    expect(await groupLabels(page)).toEqual(ALL_GROUPS);
    await page.context().close();
  });

  it('when a non-admin signs in, then only the Client Area and Outputs cards they may use show', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    expect(await groupLabels(page)).toEqual(['Client Area', 'Outputs']);
    expect(await cardTitles(page, 'Client Area')).toEqual(['Clients', 'Taximiser']);
    expect(await cardTitles(page, 'Outputs')).toEqual(['Singular Reports', 'Batch Reports']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Client Area' }).click();
    await page.locator('.gains-nav-dropdown:not(.ant-dropdown-hidden)').waitFor();
    await page.waitForTimeout(400); // let the menu finish opening
    await page.screenshot({ path: `${SHOTS}/nav-client-area-adviser.png` });
    await page.keyboard.press('Escape');

    // a card navigates, and the secondary navigation shows the section's siblings
    const org = organisationOf(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outputs' }).click();
    await page.getByTestId('nav-card-SingularReports').click();
    await page.waitForURL(`**/${org}/singular-reports`);
    await page.getByRole('heading', { name: 'Singular Reports', level: 2 }).waitFor();
    const secondary = await page.getByTestId('secondary-nav').locator('.ant-menu-item').allInnerTexts();
    expect(secondary.map((s) => s.trim())).toEqual(['Singular Reports', 'Batch Reports']);
    await page.context().close();
  });

  it('when a non-admin opens the administration page, then they are sent to the start', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    const org = organisationOf(page);
    await page.goto(`/${org}/administration`);
    await page.waitForURL(new RegExp(`/${org}/clients`));
    expect(new URL(page.url()).pathname).toBe(`/${org}/clients`);
    await page.context().close();
  });

  it('when an administrator opens a coming-soon area, then it says so', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
    const org = organisationOf(page);
    await page.goto(`/${org}/kawc-bulletins`);
    await page.getByText('Coming soon').waitFor();
    await page.goto(`/${org}`);
    await page.waitForURL(new RegExp(`/${org}/clients`));
    await page.context().close();
  });

  it('when the path is unknown, then the user is sent to the start', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    const org = organisationOf(page);
    await page.goto(`/${org}/no/such/page`);
    await page.waitForURL(/\/[^/]+\/clients/);
    await page.goto('/not-an-organisation');
    await page.waitForURL(/\/[^/]+\/clients/);
    expect(new URL(page.url()).pathname).toBe(`/${org}/clients`);
    await page.context().close();
  });

  it('when the manager switches organisation, then the same page opens for the other firm', async () => {
    const token = await apiToken(suite.gains.baseUrl, USERS.manager);
    const organisations = await api<{ uuid: string; name: string; code: string }[]>(
      suite.gains.baseUrl,
      token,
      '/organisations',
    );
    expect(organisations.length).toBeGreaterThanOrEqual(2);

    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    const from = organisationOf(page);
    const to = organisations.find((o) => o.uuid !== from)!;
    await page.goto(`/${from}/taximiser`);
    await page.getByTestId('taximiser-organisation').waitFor();
    const historyLength = await page.evaluate<number>('history.length');

    await page.getByTestId('organisation-switcher').click();
    await page.locator('.ant-select-item-option').filter({ hasText: to.name }).click();
    await page.waitForURL(`**/${to.uuid}/taximiser`);
    await page.getByTestId('taximiser-organisation').getByText(to.name).waitFor();
    expect(await page.evaluate<number>('history.length')).toBe(historyLength); // replaced, not pushed
    await page.context().close();
  });

  it('a customer admin cannot reach the crash test hook', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    const org = organisationOf(page);
    await page.goto(`/${org}/__crash`);
    await page.waitForURL(`**/${org}/clients`);
    expect(await page.getByText("Sorry, there's been a problem").count()).toBe(0);
    await page.context().close();
  });

  it('when a page crashes while rendering, then the crash screen offers a reload', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.admin);
    const org = organisationOf(page);
    await page.goto(`/${org}/__crash`);
    await page.getByText("Sorry, there's been a problem").waitFor();
    await page
      .getByText("This shouldn't have happened. We've reported it to our engineers so they can look into it.")
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/crash.png` });
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByText("Sorry, there's been a problem").waitFor(); // the same broken page, reloaded
    await page.context().close();
  });

  it('when any call answers 401 and no refresh helps, then the user is signed out', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.manager);
    await page.getByTestId('clients-grid').waitFor();
    // the session has ended elsewhere: the clients call is refused and so is the refresh
    await page.route('**/api/clients/summary**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{}' }),
    );
    await page.context().clearCookies();
    await page.getByLabel('Search clients').fill('Smith');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(`localStorage.getItem('gains.signedIn')`)).toBeNull();
    await page.context().close();
  });

  it('when the user logs out, then the sign-in screen shows and a reload stays signed out', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/user-menu.png` });
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('when a signed-in user reloads, then they stay signed in', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    await page.reload();
    await page.locator('.ag-row').first().waitFor();
    await page.context().close();
  });

  it('when the change-password form is saved empty, then it lists what is required', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    await signIn(page, USERS.adviser);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByText('Password confirmation is required').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/change-password.png` });

    // a valid form goes to the server; its refusal shows in the modal's error alert
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current password').fill('Wrong-current-1!');
    await dialog.getByLabel('Password', { exact: true }).fill('New-password-2026!');
    await dialog.getByLabel('Confirm password').fill('New-password-2026!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.gains-modal-alert').waitFor();
    expect((await dialog.locator('.gains-modal-alert').innerText()).trim().length).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/change-password-error.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  });
});

describe('the content security policy', () => {
  it('when a provider admin signs in and opens the pages, then the browser reports no violation of the CSP', async () => {
    const page = await newPage(suite.browser, suite.gains.baseUrl);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
    );
    const response = await page.goto('/');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await signIn(page, USERS.admin);
    const org = organisationOf(page);
    for (const path of [
      'clients',
      'calculations',
      'administration',
      'administration/users',
      'administration/organisations',
      'securities',
      'securities/1',
      'security-maintenance',
      'issuer-maintenance',
      'administration/security-prices',
      'reference-data',
      'static-data-validation',
    ]) {
      await page.goto(`/${org}/${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/dev/mailbox');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
