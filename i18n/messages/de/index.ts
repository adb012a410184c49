// de: one file per capability, typed against English (../../schema.ts); loaded lazily (its own chunk).
import type { Messages } from '../../schema';
import admin from './admin';
import operatorLog from './operator-log';
import operators from './operators';
import shell from './shell';
import errors from './errors';
import badges from './badges';
import history from './history';
import status from './status';
import feed from './feed';
import alarms from './alarms';
import photo from './photo';
import cardholders from './cardholders';
import outbox from './outbox';
import enrolment from './enrolment';
import documents from './documents';
import dialogs from './dialogs';
import desk from './desk';

const messages: Messages = { shell, status, admin, operators, operatorLog, history, badges, errors, cardholders, outbox, enrolment, feed, alarms, photo, documents, dialogs, desk };

export default messages;
