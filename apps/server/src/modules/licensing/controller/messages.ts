// What the server says about licences and teams (flashed, or the message of a refusal page).
export { TEAM_FULL_MESSAGE } from '@tessera/pages/constants';

export const LICENSE_CONNECTED = 'The licence is now connected to your account.';
export const LICENSE_NOT_REDEEMABLE =
  'This licence has already been redeemed, or is no longer active.';
export const LICENSE_NOT_FOUND = 'There is no licence with this key. Please check the link.';
export const TEAM_CREATED = (name: string) =>
  `${name} is ready. Share the invite link with the people who should join it.`;
export const PERSONAL_LICENSE_NO_TEAM =
  'This licence is for one person: it connects to your account and makes no team.';
export const EMAIL_IN_USE =
  'An account with this e-mail address already exists. Please sign in to continue.';
export const EMAIL_REQUIRED = 'The email field is required.';
export const PASSWORD_REQUIRED = 'The password field is required.';

export const INVITE_INVALID =
  'This invite link is not valid. It may have been reset: ask the team’s owner for the current link.';
export const TEAM_INACTIVE =
  'This team’s licence is no longer active, so nobody can join it. Please contact the team’s owner.';
export const JOINED = (name: string) => `Welcome to ${name}.`;
export const ALREADY_MEMBER = 'You are already a member of this team.';

export const TEAM_NOT_FOUND = 'There is no such team, or you are not one of its members.';
export const OWNERS_ONLY = 'Only the team’s owners can do that.';
export const LAST_OWNER =
  'A team always keeps at least one owner: make someone else an owner first.';
export const MEMBER_NOT_FOUND = 'That person is not a member of this team.';
export const TEAM_RENAMED = 'The team name has been updated.';
export const ROLE_UPDATED = 'The role has been updated.';
export const MEMBER_REMOVED = 'The member has been removed from the team.';
export const LEFT_TEAM = (name: string) => `You have left ${name}.`;
export const INVITE_LINK_RESET = 'A new invite link has been made. The old link no longer works.';
