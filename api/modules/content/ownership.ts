// Only api/modules/live still imports from here (it is being rewritten elsewhere): the id parsers
// live in api/lib/params.ts. Delete this file once live.service.ts imports them from there.
export { parseNumericParam } from '../../lib/params.js';
