import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';
import { requestJson } from './json-request';

/**
 * Passkey ceremonies in the browser (decision 052), with @simplewebauthn/browser: the options
 * come from the server (which keeps the challenge), the browser's dialog answers, and the
 * container posts the answer through Inertia so errors come back like any form's.
 */

export const PASSKEY_CANCELLED =
  'The passkey request was cancelled or timed out. Try again when you are ready.';
export const PASSKEY_ALREADY_REGISTERED = 'This device already holds a passkey for your account.';
export const PASSKEY_SERVER_REFUSED =
  'The passkey request could not be started. Reload and try again.';

/** Whether this browser can make and use passkeys: null until the page's script has run. */
export function usePasskeySupport(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => browserSupportsWebAuthn(),
    () => null,
  );
}
/** Whether the browser has WebAuthn does not change while the page is open. */
const noSubscription = () => () => undefined;

export type Ceremony<T> = { response: T } | { error: string };

function message(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_ALREADY_REGISTERED;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return PASSKEY_CANCELLED;
  return error instanceof Error && error.message ? error.message : PASSKEY_CANCELLED;
}

async function options<T>(url: string): Promise<{ options: T } | { error: string }> {
  const answer = await requestJson(url, { method: 'POST', body: {} });
  if (!answer.ok) {
    const text = (answer.data as { message?: string } | null)?.message;
    return { error: text ?? PASSKEY_SERVER_REFUSED };
  }
  return { options: answer.data as T };
}

/** Makes a new passkey: the server's options, then the browser's dialog. */
export async function createPasskey(
  optionsUrl: string,
): Promise<Ceremony<RegistrationResponseJSON>> {
  const begun = await options<PublicKeyCredentialCreationOptionsJSON>(optionsUrl);
  if ('error' in begun) return begun;
  try {
    return { response: await startRegistration({ optionsJSON: begun.options }) };
  } catch (error) {
    return { error: message(error) };
  }
}

/** Uses one of the account's passkeys: the server's options, then the browser's dialog. */
export async function signWithPasskey(
  optionsUrl: string,
): Promise<Ceremony<AuthenticationResponseJSON>> {
  const begun = await options<PublicKeyCredentialRequestOptionsJSON>(optionsUrl);
  if ('error' in begun) return begun;
  try {
    return { response: await startAuthentication({ optionsJSON: begun.options }) };
  } catch (error) {
    return { error: message(error) };
  }
}
