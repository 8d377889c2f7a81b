export { OTHER_SESSIONS_LOGGED_OUT, WRONG_CURRENT_PASSWORD, WRONG_PASSWORD } from './controller.ts';
export { previewColorSchemeRoutes } from './preview-color-scheme.ts';
export { accountRoutes } from './routes.ts';
export { snippetLanguageRoutes } from './snippet-language.ts';
