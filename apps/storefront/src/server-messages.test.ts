import {
  EMAIL_UPDATED_MESSAGE,
  OTHER_SESSIONS_LOGGED_OUT_MESSAGE,
  PASSWORD_RESET_STATUS,
  PASSWORD_UPDATED_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
} from '@tessera/pages';
import { describe, expect, it } from 'vitest';
import * as server from '../../server/src/modules/shared/messages.ts';

describe('the words the server flashes', () => {
  it('are the ones the pages know', () => {
    expect(server.EMAIL_UPDATED).toBe(EMAIL_UPDATED_MESSAGE);
    expect(server.PASSWORD_UPDATED).toBe(PASSWORD_UPDATED_MESSAGE);
    expect(server.OTHER_SESSIONS_LOGGED_OUT).toBe(OTHER_SESSIONS_LOGGED_OUT_MESSAGE);
    expect(server.RESET_LINK_SENT_MESSAGE).toBe(RESET_LINK_SENT_MESSAGE);
    expect(server.PASSWORD_RESET_STATUS).toBe(PASSWORD_RESET_STATUS);
  });
});
