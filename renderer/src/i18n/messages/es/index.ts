// es: one file per capability, typed against English (../../schema.ts); loaded lazily (its own chunk).
import type { Messages } from '../../schema';
import shell from './shell';
import status from './status';
import cardholders from './cardholders';
import outbox from './outbox';
import enrolment from './enrolment';

const messages: Messages = { shell, status, cardholders, outbox, enrolment };

export default messages;
