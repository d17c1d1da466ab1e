import type { TKey } from '@/lib/i18n/keys';

/** RouteHandle is the data each route carries: its page name for the title. */
export type RouteHandle = { title?: TKey };
