import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type Transports = NonNullable<RegistrationResponseJSON['response']['transports']>;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/**
 * A software authenticator for server tests (decision 052): an ES256 (P-256) key pair from
 * node:crypto, attestation objects of the 'none' format and assertions signed like a real
 * authenticator's, CBOR-encoded with the encoder @simplewebauthn/server itself uses. What the
 * answers say (origin, RP ID, counter, challenge) can be bent to test each refusal.
 */
export class TestAuthenticator {
  readonly credentialId = randomBytes(32);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  /** Another key, for answers signed by someone who does not hold this passkey. */
  readonly #foreignKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  counter: number;

  constructor(options: { counter?: number } = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
    this.counter = options.counter ?? 0;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as a COSE_Key (EC2, ES256). */
  #coseKey(): Uint8Array {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(x)],
        [-3, new Uint8Array(y)],
      ]),
    );
  }

  #clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /**
   * navigator.credentials.create()'s answer to `options`, as the browser library sends it: an
   * attestation of the 'none' format, or 'packed' self-attestation signed with this passkey's
   * key ('own') or with another ('foreign', a statement that does not verify). `userVerified:
   * false` leaves the UV flag unset (a security key without a PIN); `transports: null` sends
   * none, as some browsers do.
   */
  attest(
    options: PublicKeyCredentialCreationOptionsJSON,
    origin: string,
    bend: {
      rpId?: string;
      challenge?: string;
      userVerified?: boolean;
      transports?: Transports | null;
      packed?: 'own' | 'foreign';
    } = {},
  ): RegistrationResponseJSON {
    const rpId = bend.rpId ?? options.rp.id ?? '';
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(bend.userVerified) | AT]),
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.#coseKey(),
    ]);
    const clientData = this.#clientData(
      'webauthn.create',
      bend.challenge ?? options.challenge,
      origin,
    );
    const attStmt = new Map<string, number | Uint8Array>();
    if (bend.packed) {
      const key = bend.packed === 'own' ? this.#privateKey : this.#foreignKey;
      const signed = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key);
      attStmt.set('alg', -7);
      attStmt.set('sig', new Uint8Array(signed));
    }
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ['fmt', bend.packed ? 'packed' : 'none'],
        ['attStmt', attStmt],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const transports: Transports | null =
      bend.transports === undefined ? ['internal'] : bend.transports;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        ...(transports ? { transports } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** User present, and verified unless told otherwise. */
  #flags(userVerified = true): number {
    return userVerified ? UP | UV : UP;
  }

  /**
   * navigator.credentials.get()'s answer to `options`: the counter moves forward first, unless
   * `counter` says what to report. `signedBy: 'foreign'` signs it with a key that is not this
   * passkey's (a forged assertion for a known credential id).
   */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    bend: {
      rpId?: string;
      challenge?: string;
      counter?: number;
      userVerified?: boolean;
      signedBy?: 'foreign';
    } = {},
  ): AuthenticationResponseJSON {
    if (bend.counter === undefined && this.counter > 0) this.counter += 1;
    const counter = bend.counter ?? this.counter;
    const rpId = bend.rpId ?? options.rpId ?? '';
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(bend.userVerified)]),
      counterBytes(counter),
    ]);
    const clientData = this.#clientData(
      'webauthn.get',
      bend.challenge ?? options.challenge,
      origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      bend.signedBy === 'foreign' ? this.#foreignKey : this.#privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
