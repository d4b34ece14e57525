import type { IncomingMessage } from 'node:http';

type RoutedRequest = IncomingMessage & { route?: { path?: string }; baseUrl?: string; originalUrl?: string };

/** The path without its query string. */
export const requestPath = (req: RoutedRequest): string => (req.originalUrl ?? req.url ?? '').split('?')[0];

/** The route pattern the request matched (/api/v1/sessions/:id/results), null when none did: ids never become labels. */
export const routePattern = (req: RoutedRequest): string | null => (req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : null);
