import {
  ACCESS_TOKEN_EXPIRIES,
  ACCESS_TOKEN_EXPIRY_INVALID,
  ACCESS_TOKEN_NAME_CONTROL,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_NAME_REQUIRED,
  ACCESS_TOKEN_NAME_TOO_LONG,
} from '@tessera/pages/constants';
import { z } from 'zod';

/**
 * A token's name: trimmed, 1 to 100 characters (code points), no control characters. NUL and
 * unpaired surrogates never get this far (`rejectMalformedText` refuses them for every form).
 */
export const tokenNameField = z
  .string({ error: ACCESS_TOKEN_NAME_REQUIRED })
  .trim()
  .min(1, ACCESS_TOKEN_NAME_REQUIRED)
  .refine((value) => Array.from(value).length <= ACCESS_TOKEN_NAME_MAX_LENGTH, {
    message: ACCESS_TOKEN_NAME_TOO_LONG,
    abort: true,
  })
  .refine((value) => !/\p{Cc}/u.test(value), ACCESS_TOKEN_NAME_CONTROL);

export const createTokenBody = z.object({
  name: tokenNameField,
  expires_in: z.enum(ACCESS_TOKEN_EXPIRIES, { error: ACCESS_TOKEN_EXPIRY_INVALID }),
});

export type CreateTokenBody = z.output<typeof createTokenBody>;
