import type { InertiaRenderOptions } from '../http/inertia/inertia.ts';
import type { PropsInput } from '../http/inertia/props.ts';
import type { FlashData } from '../http/session/flash.ts';
import type { User } from '../db/schema.ts';
import type { Entitlements } from '../modules/licenses/entitlements.ts';

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
      /** What the viewer may use (licences); memoised. Added by `entitlements()`. */
      entitlements(): Promise<Entitlements>;
      /** The flash the previous request left (read once, then cleared). Added by `flash()`. */
      readFlash(): Promise<FlashData>;
    }

    interface Response {
      /**
       * Answers with an Inertia page: JSON for Inertia visits, an HTML document (SSR when
       * available) otherwise. Return or await it so Express sees a rejection.
       */
      inertia(component: string, props?: PropsInput, options?: InertiaRenderOptions): Promise<void>;
      /** External redirect: 409 + `X-Inertia-Location` for Inertia visits, a 302 otherwise. */
      inertiaLocation(url: string): void;
      /** Leaves flash data (errors, messages, old input) for the next request. Added by `flash()`. */
      flash(data: FlashData): Promise<void>;
    }
  }
}

export {};
