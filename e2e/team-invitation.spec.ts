import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, signInThroughForm, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { waitForMailLink } from './support/outbox';
import { callApi } from './support/page-api';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Me = { clinic: { id: string }; role: string };
type Team = { members: { email: string; role: string }[]; invitations: unknown[] };

describe('a colleague joins a clinic through an invitation', () => {
  it('signs up through the e-mailed link, confirms, signs in and works in the same clinic as staff', async () => {
    const owner = await signUpNewClinic(browser);
    const colleagueEmail = `e2e-colleague-${randomBytes(4).toString('hex')}@test.careloop.local`;
    const password = 'colleague-pass-1';

    // The owner invites a colleague; the invitation arrives by the sign-up mail path.
    const invited = await callApi(owner.page, 'POST', '/api/team/invitations', {
      email: colleagueEmail,
      role: 'staff',
    });
    expect(invited.status).toBe(201);
    const link = new URL(await waitForMailLink(colleagueEmail, '/signup?invitation='));
    expect(link.pathname).toBe('/signup');
    expect(link.searchParams.get('invitation')).toBeTruthy();

    // The colleague opens it: the clinic joined, the invited address locked, no practice name.
    const colleague = await newVisitor(browser);
    const { page } = colleague;
    await page.goto(link.pathname + link.search);
    const heading = page.getByRole('heading', { level: 1, name: `Join ${owner.practiceName} on CareLoop` });
    await expect.poll(() => heading.isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(`You are joining ${owner.practiceName} as staff. No new clinic is created.`)
          .isVisible(),
      )
      .toBe(true);
    const email = page.getByRole('textbox', { name: /^Email/ });
    expect(await email.inputValue()).toBe(colleagueEmail);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel(/^Practice name/).count()).toBe(0);
    await expectAccessible(page, '/signup with an invitation (desktop)');
    await page.setViewportSize(viewports.mobile);
    await expectAccessible(page, '/signup with an invitation (375 px)');
    await page.setViewportSize(viewports.desktop);

    await page.getByLabel(/^First name/).fill('Grace');
    await page.getByLabel(/^Last name/).fill('Colleague');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Create Account and Join' }).click();
    await expect.poll(() => page.getByText('Check your email').first().isVisible()).toBe(true);

    // Confirming the address signs them in, in the owner's clinic.
    const confirm = new URL(await waitForMailLink(colleagueEmail, '/email-confirmation?'));
    await page.goto(confirm.pathname + confirm.search);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText(owner.practiceName).first().isVisible()).toBe(true);
    await colleague.context.close();

    // Later they sign in with their password and land in the same clinic, with the staff role.
    const again = await newVisitor(browser);
    await signInThroughForm(again.page, colleagueEmail, password);
    await expect.poll(() => again.page.getByText(owner.practiceName).first().isVisible()).toBe(true);
    const me = await callApi<Me>(again.page, 'GET', '/api/me');
    const ownerMe = await callApi<Me>(owner.page, 'GET', '/api/me');
    expect(me.body.clinic.id).toBe(ownerMe.body.clinic.id);
    expect(me.body.role).toBe('staff');
    // Staff are not asked to run the setup, and the wizard tells them who can.
    expect(await again.page.getByRole('link', { name: /^(Start|Resume) setup$/ }).count()).toBe(0);
    await again.page.goto('/onboarding');
    await expect
      .poll(() =>
        again.page
          .getByText("Only the clinic's owner or an admin can run the setup. Ask them to complete it.")
          .isVisible(),
      )
      .toBe(true);

    // The owner's team lists them as staff; the invitation is spent.
    const team = await callApi<Team>(owner.page, 'GET', '/api/team');
    expect(team.body.members.map((member) => [member.email, member.role])).toContainEqual([
      colleagueEmail,
      'staff',
    ]);
    expect(team.body.invitations).toEqual([]);

    // The link no longer works: the server's message, and no form.
    const late = await newVisitor(browser);
    await late.page.goto(link.pathname + link.search);
    await expect
      .poll(() => late.page.getByText('This invitation is invalid or has expired').isVisible())
      .toBe(true);
    expect(await late.page.getByRole('button', { name: /^Create Account/ }).count()).toBe(0);
    await expectAccessible(late.page, '/signup with a spent invitation');

    expect(colleague.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    await Promise.all([again.context.close(), late.context.close(), owner.context.close()]);
  });
});
