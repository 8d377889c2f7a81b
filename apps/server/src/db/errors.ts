/**
 * Whether an error means "the database cannot answer now" (a timeout, a lock wait given up, a
 * connection refused or lost, a server shutting down) rather than a fault in the request or in
 * our code. Those are worth a 503 with Retry-After and must never count against a person (a
 * failed sign-in during an outage is not a wrong password). The cause chain is followed, so a
 * wrapped error still reads right.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// PostgreSQL SQLSTATEs: 57014 statement timeout, 55P03 lock timeout, 57P01-57P05 shutdown and
// cannot-connect-now, 53300 too many connections, class 08 connection exceptions. Then the
// socket errors of node, and SQLite's busy, locked and I/O errors.
const UNAVAILABLE_CODE =
  /^(57014|55P03|57P0[1-5]|53300|08\w{3}|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|SQLITE_(BUSY|LOCKED|IOERR)\w*)$/;
// pg's own client-side timeouts and lost connections carry no code.
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error/;
