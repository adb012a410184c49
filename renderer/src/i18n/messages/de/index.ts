// de: one file per capability, typed against English (../../schema.ts); loaded lazily (its own chunk).
import type { Messages } from '../../schema';
import shell from './shell';
import status from './status';
import cardholders from './cardholders';

const messages: Messages = { shell, status, cardholders };

export default messages;
