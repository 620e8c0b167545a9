/**
 * `npm start`: builds the web app only when its sources changed since the last build, then runs the portal in this
 * same process, so an unchanged tree starts one Node process instead of npm, tsx and npm again.
 */
import { buildWebIfChanged } from '../../web/build-if-changed';

buildWebIfChanged();
await import('./main');
