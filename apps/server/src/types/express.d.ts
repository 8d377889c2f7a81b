import type { InertiaRenderOptions } from '../http/inertia/inertia.ts';
import type { OnlyKeysOf, PageInput, PageName } from '../http/inertia/page-contract.ts';
import type { FlashData } from '../http/session/flash.ts';
import type { User } from '../db/schema.ts';
import type { AccessPolicy, Entitlements } from '../modules/licensing/index.ts';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user, or null. Set by `loadUser` (modules/auth/middleware.ts). */
      user: User | null;
      /**
       * The operator acting as `user` while they impersonate them, else null. Set by
       * `impersonation()` (modules/admin/impersonation.ts) right after `loadUser`.
       */
      impersonator: User | null;
      /** Who the viewer is to teams and licences; memoised per request. Added by `accessPolicy()`. */
      access(): Promise<AccessPolicy>;
      /** What the viewer may use (licences, own and teams'): `(await req.access()).entitlements`. */
      entitlements(): Promise<Entitlements>;
      /** The flash the previous request left (read once, then cleared). Added by `flash()`. */
      readFlash(): Promise<FlashData>;
    }

    interface Response {
      /**
       * Answers with an Inertia page: JSON for Inertia visits, an HTML document (SSR when
       * available) otherwise. Return or await it so Express sees a rejection. Typed by the
       * page's name against its props in `@tessera/pages` (`PagePropsByName`): a page that does
       * not exist, a prop it does not expect or one it lacks fails the typecheck.
       */
      inertia<N extends PageName, K extends PropertyKey>(
        component: N,
        props: PageInput<N> & OnlyKeysOf<K, PageInput<N>>,
        options?: InertiaRenderOptions,
      ): Promise<void>;
      /** External redirect: 409 + `X-Inertia-Location` for Inertia visits, a 302 otherwise. */
      inertiaLocation(url: string): void;
      /** Leaves flash data (errors, messages, old input) for the next request. Added by `flash()`. */
      flash(data: FlashData): Promise<void>;
    }
  }
}

export {};
