import type { FlashMessages } from '@tessera/pages';

// The page object's `flash` (Inertia 3's flash data) as the server sends it: `usePage().flash`
// is typed, and a key the server never flashes fails the typecheck.
declare module '@inertiajs/core' {
  export interface InertiaConfig {
    flashDataType: FlashMessages;
  }
}
