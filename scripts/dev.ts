// `npm run dev`: the API in watch mode on PORT (default 3000) and Vite with hot reload on 5173,
// proxying /api and /objects to the API so the browser still sees one origin.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { name: 'api', command: 'tsx watch --clear-screen=false scripts/start.ts', env: { SKIP_BUILD: '1' }, prefixColor: 'blue' },
    { name: 'pwa', command: 'vite', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
