import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url: the secret part of a team's invite link. */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[\w-]{43}$/;

/** Whether a string has a token's shape (refused before any lookup otherwise). */
export function isInviteTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a submitted token with the team's in constant time. */
export function sameInviteToken(submitted: string, current: string): boolean {
  return timingSafeEqual(digest(submitted), digest(current));
}
