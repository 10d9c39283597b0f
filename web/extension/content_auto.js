// Registered for the sites the user chose (options page, site_access.js):
// shows the panel by itself where the page is built like the original 2048,
// waiting for Start; on other pages of the site it does nothing at all.
// Bundled into one classic script by the build.
import { GLOBAL, startInTab } from './content_session.js';

if (!window[GLOBAL]) startInTab({ autoStart: false, quietWithoutGame: true });
