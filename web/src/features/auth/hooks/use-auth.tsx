import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { getSession, subscribeSession } from '@/lib/session';
import { authReducer, initialAuthState, type AuthEvent, type AuthMachineState } from './auth-machine';

interface AuthContextValue {
  auth: AuthMachineState;
  dispatch: (event: AuthEvent) => void;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/** Holds the auth machine; a session cleared anywhere (sign-out, a 401) sends it back to LOGIN. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, dispatch] = useReducer(authReducer, undefined, () => initialAuthState(getSession() !== undefined));
  useEffect(
    () => subscribeSession((session) => dispatch(session ? { type: 'SESSION_STARTED' } : { type: 'SIGNED_OUT' })),
    [],
  );
  const value = useMemo(() => ({ auth, dispatch }), [auth]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
