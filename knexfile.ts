// Lets the knex CLI (npx knex migrate:status) use the same settings as the app.
import { loadConfig } from './api/config.js';
import { knexConfig } from './api/db.js';

export default knexConfig(loadConfig().database);
