// A port where nothing listens: one the system picked as free, released again, so a connection to it is refused.
export { freePort as deadPort } from '../../lib/free-port.mjs';
