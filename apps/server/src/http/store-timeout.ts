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
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)),
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
