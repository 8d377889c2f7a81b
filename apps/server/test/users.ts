import type { Config } from '../src/config.ts';
import type { Services } from '../src/services.ts';
import { authService, hashPassword, usersRepository } from '../src/modules/auth/index.ts';
import { captureLogger } from './helpers.ts';

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

/**
 * An account that never signs in (its password hash is not one), without the cost of hashing:
 * its id. For tests of what an account holds, not of how it signs in.
 */
export function accountWithoutPassword(services: Services, name = 'user', now = Date.now()) {
  return usersRepository(services.database.db).create({
    email: uniqueEmail(name),
    passwordHash: 'x',
    now,
  });
}

/** The same account's whole row, as `req.user` carries it. */
export async function userWithoutPassword(services: Services, name = 'user', now = Date.now()) {
  const id = await accountWithoutPassword(services, name, now);
  return services.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The auth service on its own (no app): what the licensing services make accounts with. */
export function testAuthService(services: Services, config: Config, now: () => number = Date.now) {
  return authService({
    config,
    database: services.database,
    sessionStore: services.sessionStore,
    mailer: services.mailer,
    logger: captureLogger().logger,
    now,
  });
}
