import { describe, expect, it } from 'vitest';
import { filledJoinTeamValues } from '../fixtures/licenses';
import { joinTeamPayload } from './team-forms';

describe('joinTeamPayload', () => {
  it('sends the invite token alone when signed in', () => {
    expect(joinTeamPayload(filledJoinTeamValues, true)).toEqual({
      invite_token: filledJoinTeamValues.invite_token,
    });
  });

  it('sends the new account with the token when signed out', () => {
    expect(joinTeamPayload(filledJoinTeamValues, false)).toEqual(filledJoinTeamValues);
  });
});
