/** `PATCH /teams/{id}`: owners rename the team. */
export type TeamNameFormValues = { name: string };

/** `POST /teams/{id}/members`: the invite token, and the new account when signed out. */
export type JoinTeamFormValues = { invite_token: string; email: string; password: string };

/** The body of the join request: a signed-in person sends the token alone. */
export function joinTeamPayload(
  values: JoinTeamFormValues,
  signedIn: boolean,
): Partial<JoinTeamFormValues> {
  return signedIn ? { invite_token: values.invite_token } : { ...values };
}
