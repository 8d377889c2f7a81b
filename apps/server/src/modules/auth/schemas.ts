import { z } from 'zod';

/** `/password/reset/:token?email=…`: the e-mail pre-fills the form; anything odd is ignored. */
export const resetPasswordQuery = z.object({
  email: z.string().trim().max(254).optional().catch(undefined),
});
