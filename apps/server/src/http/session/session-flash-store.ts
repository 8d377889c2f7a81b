import type { FlashStore } from './flash.ts';

/** Flash data kept in the server-side session: seen by the next request, then gone. */
export function createSessionFlashStore(): FlashStore {
  return {
    read(req) {
      const data = req.session.flash ?? null;
      // Deleting a flash that is not there changes nothing express-session saves.
      delete req.session.flash;
      return data;
    },
    write(res, data) {
      res.req.session.flash = data;
    },
  };
}
