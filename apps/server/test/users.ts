import type { Services } from '../src/services.ts';
import { hashPassword } from '../src/modules/auth/index.ts';
import { usersRepository } from '../src/modules/auth/index.ts';

let counter = 0;

/** A unique address per call, so tests sharing a file's database never collide. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** An account (an operator's with `admin`), its password hashed at `cost`. */
export async function createUser(
  services: Services,
  email: string,
  password: string,
  cost = 10,
  options: { admin?: boolean } = {},
) {
  return usersRepository(services.database.db).create({
    email,
    passwordHash: await hashPassword(password, cost),
    isAdmin: options.admin,
    now: Date.now(),
  });
}
