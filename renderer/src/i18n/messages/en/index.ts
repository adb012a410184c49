// English: the default and fallback language, loaded with the app; its shape is the schema of
// every other language (../../schema.ts). One file per capability (renderer/src/<capability>/).
import shell from './shell';
import status from './status';
import cardholders from './cardholders';
import outbox from './outbox';
import enrolment from './enrolment';

export default { shell, status, cardholders, outbox, enrolment };
