/** The id of the JSON script in which the server renderer hands a page its state (see main.tsx). */
export const SERVER_STATE_ID = 'server-state';
