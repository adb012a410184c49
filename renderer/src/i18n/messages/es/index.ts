// es: one file per capability, typed against English (../../schema.ts); loaded lazily (its own chunk).
import type { Messages } from '../../schema';
import shell from './shell';
import status from './status';
import feed from './feed';
import alarms from './alarms';
import photo from './photo';

const messages: Messages = { shell, status, feed, alarms, photo };

export default messages;
