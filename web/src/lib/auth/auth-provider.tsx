import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { configureApi } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { currentLang } from '@/lib/i18n';
import { clearSession, readSession, tokenExpiry, writeSession, writeUser } from './session';
import { getProfile, profileQueryKey } from './get-profile';
import type { User } from './user';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type Auth = {
  status: AuthStatus;
  token: string | null;
  user: User | null;
  isStudent: boolean;
  isTeacher: boolean;
  isAdmin: boolean;
  /** login stores the session (7 days when remember, else until the browser closes). */
  login: (token: string, user: User, remember: boolean) => void;
  /** logout clears the session; the caller navigates. */
  logout: () => void;
};

const AuthContext = createContext<Auth | null>(null);

// The API client reads the token from here, outside React, so that a request
// made in a child's first effect already carries it.
let currentToken: string | null = null;
let onUnauthorized: () => void = () => {};
configureApi({
  getToken: () => currentToken,
  getLang: () => currentLang(),
  onUnauthorized: () => onUnauthorized(),
});

type State = { status: AuthStatus; token: string | null; user: User | null };
const signedOut: State = { status: 'unauthenticated', token: null, user: null };

function initialState(): State {
  const s = readSession();
  if (!s) return signedOut;
  return { status: s.user ? 'authenticated' : 'loading', token: s.token, user: s.user };
}

// Longest delay setTimeout accepts (about 24.8 days).
const MAX_TIMEOUT = 2_147_483_647;

/** AuthProvider holds the session: it starts from the cookies (an unexpired
 * token only), refreshes the profile from the server, and logs out when the
 * token expires or an authenticated call answers 401. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => {
    const s = initialState();
    currentToken = s.token;
    return s;
  });

  const logout = useCallback(() => {
    clearSession();
    currentToken = null;
    setState(signedOut);
    queryClient.removeQueries();
  }, [queryClient]);

  const login = useCallback((token: string, user: User, remember: boolean) => {
    writeSession(token, user, remember);
    currentToken = token;
    queryClient.setQueryData([...profileQueryKey, token], user);
    setState({ status: 'authenticated', token, user });
  }, [queryClient]);

  useEffect(() => {
    onUnauthorized = logout;
    return () => {
      onUnauthorized = () => {};
    };
  }, [logout]);

  // Log out the moment the token expires.
  useEffect(() => {
    if (!state.token) return;
    const exp = tokenExpiry(state.token);
    if (exp === null) return;
    const id = window.setTimeout(logout, Math.min(Math.max(exp - Date.now(), 0), MAX_TIMEOUT));
    return () => window.clearTimeout(id);
  }, [state.token, logout]);

  const profile = useQuery({
    queryKey: [...profileQueryKey, state.token],
    queryFn: ({ signal }) => getProfile(undefined, signal),
    enabled: state.token !== null,
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });

  useEffect(() => {
    const user = profile.data;
    if (!user || !state.token) return;
    writeUser(user);
    setState((s) => (s.token ? { status: 'authenticated', token: s.token, user } : s));
  }, [profile.data, state.token]);

  // Without cached user data the role is unknown, so a failed first profile read signs out.
  useEffect(() => {
    if (profile.isError && state.status === 'loading') logout();
  }, [profile.isError, state.status, logout]);

  const value = useMemo<Auth>(
    () => ({
      ...state,
      isStudent: state.user?.role === 'student',
      isTeacher: state.user?.role === 'teacher',
      isAdmin: state.user?.role === 'admin',
      login,
      logout,
    }),
    [state, login, logout],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** useAuth returns the session state and its actions. */
export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
