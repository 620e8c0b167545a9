import { type ChecklistItem, type UpgradePlan, upgradeMessages } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiError, api } from '../../shared/api/client';
import { click, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { UpgradeChecklistPage } from './checklist-page';

const plan: UpgradePlan = {
  code: 'PE',
  ToCategory: 'PROFESSIONAL',
  ToCategoryDescription: 'Professional Engineer',
  Amount: 11000,
  enabled: true,
  fromCategories: ['GRADUATE'],
  eligible: true,
};

const item = (code: string, pass: boolean): ChecklistItem => ({ checkListType: 'Upgrade', code, description: `${code} details`, pass });

let checklist: ChecklistItem[] = [];
let container: HTMLDivElement;
let post: MockInstance<typeof api.post>;

beforeEach(() => {
  signInMember();
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'upgrade/checklist/PROFESSIONAL' || path === 'upgrade/checklist/PE') return checklist;
    if (path === 'upgrade/plans') return [plan];
    if (path === 'upgrade') return [];
    if (path === 'profile') return { MemberNo: 'ERB1001', ProfileID: 'PR000001' };
    return null;
  });
  post = vi.spyOn(api, 'post').mockResolvedValue({});
});

afterEach(() => {
  unmountPages();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function show(code = 'PROFESSIONAL') {
  container = await renderPage(<UpgradeChecklistPage />, {
    url: `/upgrade/checklist/${code}`,
    path: '/upgrade/checklist/:code',
    routes: { '/upgrade': <p>Upgrade list</p> },
  });
}

const button = (name: string) =>
  [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;
const confirmBox = () => container.querySelector('input[type="checkbox"]') as HTMLInputElement;

describe('/upgrade/checklist/:code (part 2 §2.2, §5)', () => {
  it('lists the target category’s items and keeps Continue off while one has not passed, ticked or not', async () => {
    checklist = [item('EDUCATION', true), item('REFEREE', false)];
    await show();
    expect(container.textContent).toContain('Upgrade to Professional Engineer');
    expect(container.textContent).toContain(upgradeMessages.requirementsComplete(1, 2));
    const complete = [...container.querySelectorAll('a')].filter((a) => a.textContent === 'Complete');
    expect(complete.map((a) => a.getAttribute('href'))).toEqual([
      '/checklist/component/EDUCATION?type=Upgrade',
      '/checklist/component/REFEREE?type=Upgrade',
    ]);
    expect(complete[0].getAttribute('aria-disabled')).toBe('true');
    expect(container.textContent).toContain(upgradeMessages.confirmBox);
    expect(button('Continue')?.disabled).toBe(true);
    await click(confirmBox());
    expect(confirmBox().checked).toBe(true);
    expect(button('Continue')?.disabled).toBe(true);
  });

  it("opens the same plan by the plan's code (PE), as the plan cards name it", async () => {
    checklist = [item('EDUCATION', true), item('REFEREE', true)];
    await show('PE');
    expect(container.textContent).toContain('Upgrade to Professional Engineer');
    expect(container.textContent).toContain(upgradeMessages.requirementsComplete(2, 2));
    await click(confirmBox());
    expect(button('Continue')?.disabled).toBe(false);
  });

  it('turns Continue on once every item passed and the box is ticked, and submits from the dialog', async () => {
    checklist = [item('EDUCATION', true), item('REFEREE', true)];
    await show();
    expect(container.textContent).toContain(upgradeMessages.requirementsComplete(2, 2));
    expect(button('Continue')?.disabled).toBe(true);
    await click(confirmBox());
    expect(button('Continue')?.disabled).toBe(false);

    await click(button('Continue'));
    const dialog = document.body.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain(upgradeMessages.submitTitle);
    expect(dialog?.textContent).toContain(upgradeMessages.submitText);
    expect(button('Cancel')).toBeDefined();

    await click(button('Submit'));
    expect(post).toHaveBeenCalledWith('upgrade/submit', {
      toCategory: 'PROFESSIONAL',
      amount: 11000,
      memberNo: 'ERB1001',
      ProfileID: 'PR000001',
      requestedDate: '',
    });
    expect(container.textContent).toContain('Upgrade list');
    expect(document.body.textContent).toContain(upgradeMessages.submitted);
  });

  it('shows the server’s refusal in the dialog and stays on the checklist', async () => {
    checklist = [item('EDUCATION', true)];
    post.mockRejectedValue(new ApiError(409, upgradeMessages.alreadyPending));
    await show();
    await click(confirmBox());
    await click(button('Continue'));
    await click(button('Submit'));
    expect(document.body.querySelector('[role="dialog"] [role="alert"]')?.textContent).toContain(upgradeMessages.alreadyPending);
    expect(container.textContent).not.toContain('Upgrade list');

    await click(button('Cancel'));
    // The dialog's closing transition runs on timers of its own.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
  });
});
