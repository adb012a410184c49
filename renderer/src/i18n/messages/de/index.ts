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

const messages: Messages = { shell, status, admin, operators, operatorLog, history, badges, errors };

export default messages;
