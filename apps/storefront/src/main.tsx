// The client entry: the stylesheet, and the store's code once the server's HTML has painted
// (decision 067). Everything the first paint needs is the HTML, this stylesheet and the text
// font; fetching React and Inertia beside them held the largest paint back on a slow link.
import './app.css';
import { afterFirstPaint } from './lib/after-first-paint';

void afterFirstPaint().then(() => import('./start'));
