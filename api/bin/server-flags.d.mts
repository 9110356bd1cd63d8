/** The flags between `node` and `api/dist/server.js` in package.json's start script. */
export function serverNodeFlags(): string[];
