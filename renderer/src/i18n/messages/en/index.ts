// English: the default and fallback language, loaded with the app; its shape is the schema of
// every other language (../../schema.ts). One file per capability (renderer/src/<capability>/).
import shell from './shell';
import status from './status';
import feed from './feed';
import alarms from './alarms';
import photo from './photo';

export default { shell, status, feed, alarms, photo };
