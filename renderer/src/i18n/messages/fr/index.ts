// fr: one file per capability, typed against English (../../schema.ts); loaded lazily (its own chunk).
import type { Messages } from '../../schema';
import shell from './shell';
import errors from './errors';
import status from './status';

const messages: Messages = { shell, status, errors };

export default messages;
