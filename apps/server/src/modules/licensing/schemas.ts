import { TEAM_ROLES } from '@tessera/pages/constants';
import { z } from 'zod';
import { emailField, formBoolean, passwordInput } from '../auth/index.ts';

/** Longest team name, in characters (code points): a name, not a paragraph. */
const TEAM_NAME_MAX_LENGTH = 100;

export const TEAM_NAME_REQUIRED = 'The team name field is required.';
export const TEAM_NAME_TOO_LONG = `The team name may not be longer than ${TEAM_NAME_MAX_LENGTH} characters.`;
export const TEAM_NAME_CONTROL = 'The team name may not contain control characters.';

/** A team name: trimmed, 1 to 100 characters, no control characters (NUL is refused earlier). */
export const teamNameField = z
  .string({ error: TEAM_NAME_REQUIRED })
  .trim()
  .min(1, TEAM_NAME_REQUIRED)
  .refine((value) => Array.from(value).length <= TEAM_NAME_MAX_LENGTH, TEAM_NAME_TOO_LONG)
  .refine((value) => !/\p{Cc}/u.test(value), TEAM_NAME_CONTROL);

/** A field a form may send empty: blank means absent. */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsAbsent, schema.optional());

/** The account fields of a signed-out visitor making an account on a licence or invite page. */
export const newAccountFields = {
  email: optional(emailField),
  password: optional(passwordInput()),
  // Remember is on unless the form turns it off, as on the sign-in form.
  remember: formBoolean.default(true),
};

const INVITE_TOKEN_MAX_LENGTH = 128;

/** The token of an invite link (query or body); its shape is the route's to judge. */
export const inviteTokenField = z.object({
  invite_token: z.string().max(INVITE_TOKEN_MAX_LENGTH).optional().catch(undefined),
});

export const joinTeamBody = z.object({ ...newAccountFields });

export const renameTeamBody = z.object({ name: teamNameField });

export const ROLE_INVALID = 'The role must be owner or member.';
export const changeRoleBody = z.object({ role: z.enum(TEAM_ROLES, { error: ROLE_INVALID }) });

/** PATCH /licenses/{key}: bare to connect; `team_name` for a team; plus an account when signed out. */
export const redeemLicenseBody = z.object({
  team_name: optional(teamNameField),
  ...newAccountFields,
});
