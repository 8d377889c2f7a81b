// Words the server sends that pages also show: one source, @tessera/pages/constants.
export {
  EMAIL_UPDATED,
  OTHER_SESSIONS_LOGGED_OUT,
  PASSWORD_RESET_STATUS,
  PASSWORD_UPDATED,
  RESET_LINK_SENT_MESSAGE,
} from '@tessera/pages/constants';
