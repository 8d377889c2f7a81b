import { describe, expect, it } from 'vitest';
import {
  changeRoleBody,
  inviteTokenField,
  joinTeamBody,
  redeemLicenseBody,
  renameTeamBody,
  ROLE_INVALID,
  TEAM_NAME_CONTROL,
  TEAM_NAME_REQUIRED,
  TEAM_NAME_TOO_LONG,
} from './schemas.ts';

// What the licence and team forms accept: a team name counted in characters a person sees,
// blank fields read as absent (a form sends every field), roles from the list only.
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.message);

describe('the licence and team forms', () => {
  it('takes a team name of 1 to 100 characters, trimmed, counted as code points', () => {
    expect(renameTeamBody.parse({ name: '  Crew  ' })).toEqual({ name: 'Crew' });
    expect(renameTeamBody.safeParse({ name: '😀'.repeat(100) }).success).toBe(true);
    expect(messages(renameTeamBody.safeParse({ name: '😀'.repeat(101) }))).toEqual([
      TEAM_NAME_TOO_LONG,
    ]);
    expect(messages(renameTeamBody.safeParse({ name: 'x'.repeat(101) }))).toEqual([
      TEAM_NAME_TOO_LONG,
    ]);
    expect(messages(renameTeamBody.safeParse({ name: '   ' }))).toEqual([TEAM_NAME_REQUIRED]);
    expect(messages(renameTeamBody.safeParse({}))).toEqual([TEAM_NAME_REQUIRED]);
  });

  it('refuses control characters in a team name, not the letters beside them', () => {
    for (const name of ['Crew\u0007', 'Cr\new', 'Crew\u009f']) {
      expect(messages(renameTeamBody.safeParse({ name })), JSON.stringify(name)).toEqual([
        TEAM_NAME_CONTROL,
      ]);
    }
    expect(renameTeamBody.safeParse({ name: 'Équipe ünïcode – 東京' }).success).toBe(true);
  });

  it('reads a blank e-mail, password or team name as absent, and keeps a real one', () => {
    expect(redeemLicenseBody.parse({ team_name: '  ', email: '', password: ' ' })).toEqual({
      remember: true,
    });
    expect(
      redeemLicenseBody.parse({ team_name: 'Crew', email: ' A@Example.com ', password: 'pw' }),
    ).toEqual({ team_name: 'Crew', email: 'A@Example.com', password: 'pw', remember: true });
    expect(joinTeamBody.parse({ remember: 'off' })).toEqual({ remember: false });
    // What is not a blank string is judged, not dropped.
    expect(redeemLicenseBody.safeParse({ email: 'not an address' }).success).toBe(false);
    expect(redeemLicenseBody.safeParse({ email: 42 }).success).toBe(false);
  });

  it('takes owner or member as a role, and nothing else', () => {
    expect(changeRoleBody.parse({ role: 'owner' })).toEqual({ role: 'owner' });
    expect(changeRoleBody.parse({ role: 'member' })).toEqual({ role: 'member' });
    for (const role of ['admin', 'Owner', '', undefined]) {
      expect(messages(changeRoleBody.safeParse({ role })), String(role)).toEqual([ROLE_INVALID]);
    }
  });

  it('ignores an invite token too long to be one, or not text', () => {
    expect(inviteTokenField.parse({ invite_token: 'abc' })).toEqual({ invite_token: 'abc' });
    expect(inviteTokenField.parse({ invite_token: 'x'.repeat(129) })).toEqual({});
    expect(inviteTokenField.parse({ invite_token: ['a', 'b'] })).toEqual({});
  });
});
