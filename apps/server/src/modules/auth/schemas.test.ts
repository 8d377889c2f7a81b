import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from './service/passwords.ts';
import {
  formBoolean,
  loginBody,
  PASSKEY_ANSWER_MISSING,
  passkeyAssertion,
  passkeyAttestation,
  resetPasswordBody,
  RESET_LINK_INVALID,
  secondStepBody,
} from './schemas.ts';

// What the sign-in forms accept before any lookup or hashing: each field's own words, and
// bounds that keep a huge or odd body from reaching the password hash or WebAuthn.
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the sign-in forms', () => {
  it('names the missing field in its own words', () => {
    expect(errorsOf(loginBody.safeParse({}))).toEqual({
      email: 'The email field is required.',
      password: 'The password field is required.',
    });
    expect(errorsOf(loginBody.safeParse({ email: 'a@example.com', password: '' }))).toEqual({
      password: 'The password field is required.',
    });
    expect(errorsOf(secondStepBody.safeParse({ code: '' }))).toEqual({
      code: 'The code field is required.',
    });
    expect(errorsOf(secondStepBody.safeParse({}))).toEqual({ code: 'The code field is required.' });
  });

  it('bounds a password at four times the longest the store sets, a code at 64 characters', () => {
    const longest = 'p'.repeat(PASSWORD_MAX_LENGTH * 4);
    expect(loginBody.safeParse({ email: 'a@example.com', password: longest }).success).toBe(true);
    expect(
      errorsOf(loginBody.safeParse({ email: 'a@example.com', password: `${longest}p` })),
    ).toEqual({
      password: 'The password is too long.',
    });
    expect(secondStepBody.safeParse({ code: '1'.repeat(64) }).success).toBe(true);
    expect(errorsOf(secondStepBody.safeParse({ code: '1'.repeat(65) }))).toEqual({
      code: 'The code is too long.',
    });
  });

  it('reads remember-me as the form sends it, on unless turned off', () => {
    for (const on of [true, 'true', 'on', '1'])
      expect(formBoolean.parse(on), String(on)).toBe(true);
    for (const off of [false, 'false', 'off', '0'])
      expect(formBoolean.parse(off), String(off)).toBe(false);
    expect(formBoolean.safeParse('yes').success).toBe(false);
    expect(loginBody.parse({ email: 'a@example.com', password: 'x' }).remember).toBe(true);
  });

  it('takes a reset token only in base64url, with the link’s own message', () => {
    const body = { email: 'a@example.com', password: 'a-long-enough-password' };
    expect(resetPasswordBody.safeParse({ ...body, token: 'abc_DEF-123' }).success).toBe(true);
    for (const token of ['a b', 'a/b', '\ud800', 'x'.repeat(201)]) {
      expect(errorsOf(resetPasswordBody.safeParse({ ...body, token })), token).toEqual({
        token: RESET_LINK_INVALID,
      });
    }
  });
});

describe('passkey answers', () => {
  const assertion = {
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON: 'eyJ0', authenticatorData: 'AAAA', signature: 'MEUC' },
  };

  it('takes a well-formed assertion and attestation, with the extensions defaulted', () => {
    expect(passkeyAssertion.parse(assertion)).toMatchObject({ clientExtensionResults: {} });
    const attestation = {
      ...assertion,
      response: { clientDataJSON: 'eyJ0', attestationObject: 'o2Nm', transports: ['usb', 'nfc'] },
    };
    expect(passkeyAttestation.parse(attestation).response.transports).toEqual(['usb', 'nfc']);
  });

  it('refuses what is not base64url or is too big, in one message', () => {
    const refusals = [
      { ...assertion, id: '' },
      { ...assertion, id: 'a+b' },
      { ...assertion, rawId: 'a'.repeat(1401) },
      { ...assertion, type: 'password' },
      { ...assertion, response: { ...assertion.response, signature: 'a=' } },
      { ...assertion, response: { ...assertion.response, signature: 'a'.repeat(16_385) } },
      { ...assertion, response: undefined },
    ];
    for (const refused of refusals) {
      const result = passkeyAssertion.safeParse(refused);
      expect(result.success).toBe(false);
      expect(new Set(Object.values(errorsOf(result)))).toEqual(new Set([PASSKEY_ANSWER_MISSING]));
    }
    expect(passkeyAssertion.safeParse({ ...assertion, rawId: 'a'.repeat(1400) }).success).toBe(
      true,
    );
    expect(
      passkeyAssertion.safeParse({
        ...assertion,
        response: { ...assertion.response, signature: 'a'.repeat(16_384) },
      }).success,
    ).toBe(true);
  });

  it('bounds an attestation object at 64 KiB and drops transports it cannot read', () => {
    const attestation = (attestationObject: string, transports?: unknown) => ({
      ...assertion,
      response: { clientDataJSON: 'eyJ0', attestationObject, transports },
    });
    expect(passkeyAttestation.safeParse(attestation('a'.repeat(65_536))).success).toBe(true);
    expect(passkeyAttestation.safeParse(attestation('a'.repeat(65_537))).success).toBe(false);
    expect(
      passkeyAttestation.parse(attestation('o2Nm', 'usb')).response.transports,
    ).toBeUndefined();
    expect(
      passkeyAttestation.parse(attestation('o2Nm', ['x'.repeat(33)])).response.transports,
    ).toBeUndefined();
  });
});
