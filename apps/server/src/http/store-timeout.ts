import { ServiceUnavailableError } from './errors.ts';

/**
 * Settles like `operation`, but rejects with a `ServiceUnavailableError` when it fails or takes
 * longer than `timeoutMs`: a store that went away costs a request one short wait, not ten
 * seconds of retries, and the visitor gets the 503 page.
 */
export async function withStoreTimeout<T>(
  what: string,
  timeoutMs: number,
  operation: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    // Timers run before I/O in the event loop: after a stall, an answer that has already
    // arrived gets that one turn to settle the race before the request is failed.
    timer = setTimeout(
      () => setImmediate(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([Promise.resolve().then(operation), timeout]);
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw error;
    throw new ServiceUnavailableError(undefined, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
