/** The badge fonts as the source tree has them (resources/badge-fonts): what the tests hand the core, as the composition roots do. */
import { join } from 'node:path';

export const BADGE_FONTS = join(__dirname, '..', '..', 'resources', 'badge-fonts');
