import { z } from 'zod';

/** A component's id as the catalogue spells it: lower-case, 36 characters. */
const COMPONENT_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** POST /your-updates/copies: which component was copied, and the version its page showed. */
export const componentCopyBody = z.object({
  component: z.string().regex(COMPONENT_UUID, { error: 'Name a component by its id.' }),
  version: z.number({ error: 'Give the version the page showed.' }).int().min(1).max(1_000_000),
});
export type ComponentCopyBody = z.output<typeof componentCopyBody>;
