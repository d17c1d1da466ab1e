import { setupServer } from 'msw/node';
import { defaultHandlers } from './default-handlers';

/** server mocks the API at the fetch level; tests add handlers with server.use(). */
export const server = setupServer(...defaultHandlers);
