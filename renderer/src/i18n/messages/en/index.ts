// English: the default and fallback language, loaded with the app; its shape is the schema of
// every other language (../../schema.ts). One file per capability (renderer/src/<capability>/).
import shell from './shell';
import errors from './errors';
import status from './status';

export default { shell, status, errors };
