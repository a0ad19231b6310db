/** Where this device keeps its reading and watching positions (localStorage); its own module, so a page can see whether there are any without loading the store. */
export const RESUME_STORAGE_KEY = 'cik-resume';
