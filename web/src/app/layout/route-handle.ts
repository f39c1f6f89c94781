import { useMatches } from 'react-router';
import { getRoute, isRouteName, type RouteDefinition } from '@gains/access';

/** Routes of the table carry their symbolic name in the router handle. */
export interface RouteHandle {
  routeName?: string;
}

/** The deepest matched route of the route table, if any. */
export function useCurrentRoute(): RouteDefinition | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i].handle as RouteHandle | undefined)?.routeName;
    if (name && isRouteName(name)) return getRoute(name);
  }
  return undefined;
}
