// Shared by the safe-path gate's unit tests and the app's redirect-back tests (decision 043).
export const HOST = '127.0.0.1';
/** Referers "back" must never follow: a path on our host a browser reads as another host, another host, or no web page. */
export const HOSTILE_REFERERS = [
  `http://${HOST}//evil.example/x`,
  `http://${HOST}/\\evil.example/x`,
  `http://${HOST}/%2F%2Fevil.example`,
  `http://${HOST}/%5Cevil.example`,
  `http://${HOST}/%252F%252Fevil.example`,
  `http://${HOST}/x%00`,
  'https://evil.example/components',
  'javascript:alert(1)',
  `ftp://${HOST}/components`,
];
