// English error messages: the contract's one table (electron/contract/error-text.ts), which main
// also words its English `message` from; imported as a value (pure data, the one contract module
// the renderer may import so), so the two cannot differ. Other languages are typed against it.
import { ERROR_ACTION, ERROR_TEXT } from '../../../electron/contract/error-text';

export default { ...ERROR_TEXT, action: ERROR_ACTION };
