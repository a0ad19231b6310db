import * as z from 'zod/mini';

/**
 * Zod Mini loads no locale (classic zod loads English on its first schema), so without this a
 * check with no message of its own would read 'Invalid input' in the PWA. Every contract module
 * imports this file, so the default messages read the same in the PWA, the API and the tests.
 */
z.config(z.locales.en());
