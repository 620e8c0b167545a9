/** Page titles by path, first match wins: the app bar's breadcrumb shows them. */
const PAGE_TITLES: [RegExp, string][] = [
  [/^\/dashboard\/Settings/, 'Settings'],
  [/^\/security/, 'Two-step sign-in'],
  [/^\/dashboard\/goodStanding/, 'Good Standing'],
  [/^\/billing\/invoice/, 'Invoice'],
  [/^\/billing\/receipt/, 'Receipt'],
  [/^\/billing/, 'Billing'],
  [/^\/subscription\/document/, 'Subscription Invoice'],
  [/^\/subscription\/receipt/, 'Subscription Receipt'],
  [/^\/subscription\/certificate/, 'Subscription Certificate'],
  [/^\/subscription/, 'My Subscriptions'],
  [/^\/payment-history/, 'Payment History'],
  [/^\/checkout/, 'Checkout'],
  [/^\/profile\/profileConfirm/, 'Confirm Profile'],
  [/^\/profile\/RefereeFormReport/, 'Referee Form Report'],
  [/^\/profile/, 'Profile'],
  [/^\/checklist/, 'Checklist'],
  [/^\/application\/certificate\//, 'Certificate'],
  [/^\/application\/acceptanceLetter\//, 'Acceptance Letter'],
  [/^\/application\/rejectionLetter\//, 'Rejection Letter'],
  [/^\/application\/./, 'Application Document'],
  [/^\/application/, 'Applications'],
  [/^\/dashboard/, 'Dashboard'],
  [/^\/initiate-profile/, 'Create Profile'],
  [/^\/initiate-firm/, 'Create Firm Profile'],
  [/^\/admin\/settings/, 'Admin Settings'],
  [/^\/admin\/user-settings/, 'All Users'],
  [/^\/admin\/audit/, 'Audit Log'],
  [/^\/admin\/requirements/, 'Requirements'],
  [/^\/admin\/applications\/./, 'Application'],
  [/^\/admin\/applications/, 'Applications'],
  [/^\/admin\/members/, 'Members'],
  [/^\/admin\/billing/, 'Billing'],
  [/^\/admin\/upgrade-plans/, 'Upgrade Plans'],
  [/^\/admin\/licenses/, 'Licences'],
  [/^\/admin\/campaigns\/new/, 'New Campaign'],
  [/^\/admin\/campaigns\/./, 'Campaign'],
  [/^\/admin\/campaigns/, 'Campaigns'],
  [/^\/admin\/complaints\/./, 'Complaint'],
  [/^\/admin\/complaints/, 'Complaints'],
  [/^\/my-complaints/, 'My Complaints'],
  [/^\/upgrade\/document/, 'Upgrade Report'],
  [/^\/upgrade\/acceptance-letter/, 'Acceptance Letter'],
  [/^\/upgrade/, 'My Upgrades'],
  // {license}: the license_alternative_caption setting (part 2 §2.4).
  [/^\/license\/card/, '{license} Application'],
  [/^\/license\/certificate/, '{license} Certificate'],
  [/^\/license\/invoice/, '{license} Invoice'],
  [/^\/license\/document/, '{license} Application Document'],
  [/^\/license/, '{license} Applications'],
  [/^\/(admin\/)?events/, 'Events'],
  [/^\/cpd/, 'My Cpd'],
  [/^\/admin\/cpd/, 'CPD'],
  [/^\/admin/, 'Administration'],
];

/** The page title of a path, as the app bar's breadcrumb names it. */
export function pageTitle(pathname: string): string {
  return PAGE_TITLES.find(([re]) => re.test(pathname))?.[1] ?? '';
}

/** The breadcrumb's first crumb: where the signed-in person starts, named as that page is (Admin Settings, All Users…). */
export function homeCrumb(to: string): { to: string; label: string } {
  return { to, label: pageTitle(to) || 'Dashboard' };
}
