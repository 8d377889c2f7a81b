import { describe, expect, it } from 'vitest';
import type { HeldLicense } from '../repository/licenses.ts';
import {
  holdingsFrom,
  mayUpgrade,
  supersedes,
  type Holding,
  type UpgradeTarget,
} from './holdings.ts';

const ME = 7;
const OTHER = 8;

/** A licence row as `heldBy` returns it: by default the customer's own active marketing licence. */
function held(overrides: Partial<HeldLicense> = {}): HeldLicense {
  return {
    id: 1,
    product_id: 10,
    kind: 'personal',
    is_active: 1,
    deactivation_reason: null,
    user_id: ME,
    team_id: null,
    slug: 'marketing',
    name: 'Marketing',
    type: 'components',
    amount: 14900,
    currency: 'USD',
    refunded_at: null,
    team_name: null,
    role: null,
    ...overrides,
  };
}

/** A team licence the customer reaches through a team, in `role`. */
const teamLicence = (role: string, overrides: Partial<HeldLicense> = {}) =>
  held({
    id: 2,
    kind: 'team',
    user_id: null,
    team_id: 3,
    slug: 'all-access',
    name: 'All-access',
    type: 'all-access',
    team_name: 'Acme',
    role,
    ...overrides,
  });

const holding = (overrides: Partial<Holding> = {}): Holding => ({
  licenseId: 1,
  productId: 10,
  productSlug: 'marketing',
  productName: 'Marketing',
  productType: 'components',
  kind: 'personal',
  isActive: true,
  deactivationReason: null,
  paid: { amount: 14900, currency: 'USD' },
  teamName: null,
  ...overrides,
});

describe('holdingsFrom', () => {
  it('gives a visitor nothing, whatever rows it is handed', () => {
    expect(holdingsFrom(null, [held({ user_id: null }), teamLicence('owner')])).toEqual({
      userId: null,
      holdings: [],
      memberOfAllAccessTeam: false,
    });
  });

  it("holds the customer's own licences and those of teams they own, not of teams they are only in", () => {
    const customer = holdingsFrom(ME, [
      held(),
      teamLicence('owner', { id: 4, deactivation_reason: 'other', is_active: 0 }),
      teamLicence('member', { id: 5 }),
    ]);
    expect(customer.userId).toBe(ME);
    expect(customer.holdings).toEqual([
      holding(),
      holding({
        licenseId: 4,
        productSlug: 'all-access',
        productName: 'All-access',
        productType: 'all-access',
        kind: 'team',
        isActive: false,
        deactivationReason: 'other',
        teamName: 'Acme',
      }),
    ]);
    // Someone else's licence in the rows is not theirs.
    expect(holdingsFrom(ME, [held({ user_id: OTHER })]).holdings).toEqual([]);
  });

  it('leaves out a kind the store does not sell', () => {
    expect(holdingsFrom(ME, [held({ kind: 'lifetime' })]).holdings).toEqual([]);
  });

  it('counts what was paid only with an amount, a currency and no refund', () => {
    const paid = (row: Partial<HeldLicense>) => holdingsFrom(ME, [held(row)]).holdings[0]?.paid;
    expect(paid({})).toEqual({ amount: 14900, currency: 'USD' });
    expect(paid({ amount: null })).toBeNull();
    expect(paid({ currency: null })).toBeNull();
    expect(paid({ amount: null, currency: null })).toBeNull();
    expect(paid({ refunded_at: 5 })).toBeNull();
    expect(paid({ amount: 0 })).toEqual({ amount: 0, currency: 'USD' });
  });

  it('knows a member of an active team all-access licence, in any role, and nobody else', () => {
    const member = (row: HeldLicense) => holdingsFrom(ME, [row]).memberOfAllAccessTeam;
    expect(member(teamLicence('member'))).toBe(true);
    expect(member(teamLicence('owner'))).toBe(true);
    expect(member(teamLicence('member', { is_active: 0 }))).toBe(false);
    expect(member(teamLicence('member', { kind: 'classroom' }))).toBe(false);
    expect(member(teamLicence('member', { type: 'components', slug: 'marketing' }))).toBe(false);
    // Their own team-kind all-access licence without a team is not a team membership.
    expect(member(teamLicence('member', { role: null, user_id: ME }))).toBe(false);
    expect(holdingsFrom(ME, []).memberOfAllAccessTeam).toBe(false);
  });
});

describe('supersedes and mayUpgrade', () => {
  const PERSONAL_AA: UpgradeTarget = { productType: 'all-access', kind: 'personal' };
  const TEAM_AA: UpgradeTarget = { productType: 'all-access', kind: 'team' };
  const cases: [string, Partial<Holding>, boolean, boolean][] = [
    // held, personal all-access supersedes it?, team all-access supersedes it?
    ['a personal package', { productType: 'components' }, true, true],
    ['a personal template', { productType: 'template' }, true, true],
    ['a team package', { productType: 'components', kind: 'team' }, false, false],
    ['a restricted template', { productType: 'template', kind: 'restricted' }, false, false],
    ['restricted all-access', { productType: 'all-access', kind: 'restricted' }, true, true],
    ['personal all-access', { productType: 'all-access', kind: 'personal' }, false, true],
    ['classroom all-access', { productType: 'all-access', kind: 'classroom' }, false, true],
    ['team all-access', { productType: 'all-access', kind: 'team' }, false, false],
    ['the bundle', { productType: 'bundle' }, false, false],
  ];

  it.each(cases)('%s', (_name, held, byPersonal, byTeam) => {
    expect(supersedes(PERSONAL_AA, holding(held))).toBe(byPersonal);
    expect(supersedes(TEAM_AA, holding(held))).toBe(byTeam);
    // Only all-access supersedes anything; Classroom and Restricted all-access are list price.
    for (const kind of ['classroom', 'restricted'] as const)
      expect(supersedes({ productType: 'all-access', kind }, holding(held))).toBe(false);
    for (const productType of ['components', 'template', 'bundle'] as const)
      expect(supersedes({ productType, kind: 'personal' }, holding(held))).toBe(false);
  });

  it('allows an upgrade of an active licence the customer holds and the target supersedes', () => {
    const customer = { userId: ME, holdings: [holding()], memberOfAllAccessTeam: false };
    expect(mayUpgrade(customer, 1, PERSONAL_AA)).toBe(true);
    expect(mayUpgrade(customer, 2, PERSONAL_AA)).toBe(false);
    expect(mayUpgrade(customer, 1, { productType: 'components', kind: 'personal' })).toBe(false);
    const inactive = { ...customer, holdings: [holding({ isActive: false })] };
    expect(mayUpgrade(inactive, 1, PERSONAL_AA)).toBe(false);
    expect(mayUpgrade({ ...customer, holdings: [] }, 1, PERSONAL_AA)).toBe(false);
  });
});
