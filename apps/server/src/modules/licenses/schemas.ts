import { z } from 'zod';
import { newAccountFields, optional, teamNameField } from '../teams/schemas.ts';

/** PATCH /licenses/{key}: bare to connect; `team_name` for a team; plus an account when signed out. */
export const redeemLicenseBody = z.object({
  team_name: optional(teamNameField),
  ...newAccountFields,
});
