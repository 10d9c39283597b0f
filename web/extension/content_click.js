// Run on the current tab by the toolbar button (background.js). The first
// click shows the panel and starts playing; later clicks stop and start
// again. Bundled into one classic script by the build (content scripts are
// not modules).
import { GLOBAL, startInTab } from './content_session.js';

const session = window[GLOBAL];
if (!session) {
  startInTab({ autoStart: true, quietWithoutGame: false });
} else if (session.toggle) {
  session.show();
  session.toggle();
}
