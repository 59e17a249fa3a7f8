import type { User, UserManager } from 'oidc-client-ts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { GUI_BASE } from '../app/env.ts';
import { useEnv } from '../app/EnvProvider.tsx';
import { accountUrl, hasStoredSession } from './session.ts';
import { apiCookiePath, removedTokenCookie, tokenCookie } from './tokenCookie.ts';

export interface AuthUser {
  /** The user id used throughout the API (main_author, writers, ...). */
  sub: string;
  name: string;
  email?: string;
  preferred_username?: string;
}

export interface Auth {
  user: AuthUser | undefined;
  /** False until the stored session has been read, so gates do not flash the anonymous state. */
  ready: boolean;
  /** A valid access token, refreshed first if it is about to expire; undefined when logged out. */
  accessToken(): Promise<string | undefined>;
  login(): Promise<void>;
  logout(): Promise<void>;
  /** Finishes the sign-in; resolves to the GUI path to return to (undefined for a silent renewal). */
  completeLogin(): Promise<string | undefined>;
  /** The identity provider's account page. */
  accountUrl: string;
}

/** Tokens with less validity left are refreshed before a request. */
const MIN_VALIDITY_SECONDS = 30;

const AuthContext = createContext<Auth | undefined>(undefined);

const toAuthUser = (user: User | null | undefined): AuthUser | undefined => {
  if (!user || user.expired) return undefined;
  const { sub, name, email, preferred_username } = user.profile;
  return { sub, name: name ?? preferred_username ?? email ?? sub, email, preferred_username };
};

interface LoginState {
  returnTo?: string;
}

/** The current GUI route (without the base path), to come back to after signing in. */
const currentGuiPath = () => {
  const { pathname, search, hash } = window.location;
  const path = pathname.startsWith(GUI_BASE) ? pathname.slice(GUI_BASE.length) : pathname;
  return `${path || '/'}${search}${hash}`;
};

/**
 * Login state via OpenID Connect (code flow with PKCE). The OIDC library is loaded only when a session
 * exists or the user logs in, which keeps it out of the landing page for anonymous visitors.
 */
export function AuthProvider({ children, userManager }: { children: ReactNode; userManager?: UserManager }) {
  const env = useEnv();
  const [manager, setManager] = useState<UserManager | undefined>(userManager);
  const [user, setUser] = useState<AuthUser | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const managerPromise = useRef<Promise<UserManager> | undefined>(undefined);
  const refreshing = useRef<Promise<User | null> | undefined>(undefined);
  const cookiePath = apiCookiePath(env.appBase);

  // Stable (depends on the config only) so that the API client built on accessToken stays the same.
  const loadManager = useCallback((): Promise<UserManager> => {
    managerPromise.current ??= userManager
      ? Promise.resolve(userManager)
      : import('./userManager.ts').then(({ createUserManager }) => {
          const created = createUserManager(env);
          setManager(created);
          return created;
        });
    return managerPromise.current;
  }, [env, userManager]);

  // Without a stored session there is nothing to restore: anonymous at once, no library needed.
  useEffect(() => {
    if (!userManager && !hasStoredSession(env)) setReady(true);
    else loadManager().catch(() => setReady(true));
  }, [env, userManager, loadManager]);

  useEffect(() => {
    if (!manager) return;
    const loaded = (loadedUser: User) => {
      setUser(toAuthUser(loadedUser));
      if (loadedUser.expires_at !== undefined) {
        document.cookie = tokenCookie(loadedUser.access_token, loadedUser.expires_at, cookiePath);
      }
    };
    const unloaded = () => {
      setUser(undefined);
      document.cookie = removedTokenCookie(cookiePath);
    };
    manager.events.addUserLoaded(loaded);
    manager.events.addUserUnloaded(unloaded);
    manager.events.addUserSignedOut(unloaded);
    let active = true;
    manager
      .getUser()
      .then(async (stored) => {
        // A session stored before a reload may have an expired access token but a usable refresh token.
        if (stored?.expired && stored.refresh_token) stored = await manager.signinSilent().catch(() => null);
        if (!active) return;
        if (stored && !stored.expired) loaded(stored);
        else unloaded();
      })
      .catch(unloaded)
      .finally(() => active && setReady(true));
    return () => {
      active = false;
      manager.events.removeUserLoaded(loaded);
      manager.events.removeUserUnloaded(unloaded);
      manager.events.removeUserSignedOut(unloaded);
    };
  }, [manager, cookiePath]);

  const accessToken = useCallback(async () => {
    // Requests may start before the library has loaded (child effects run first): wait for it if a
    // session exists, so that no request of a logged-in user goes out anonymously.
    if (!managerPromise.current && !hasStoredSession(env)) return undefined;
    const current = await loadManager();
    const stored = await current.getUser();
    if (!stored) return undefined;
    if (stored.expires_in !== undefined && stored.expires_in > MIN_VALIDITY_SECONDS)
      return stored.access_token;
    // Concurrent requests share one refresh instead of racing with the same refresh token.
    refreshing.current ??= current.signinSilent().finally(() => {
      refreshing.current = undefined;
    });
    const renewed = await refreshing.current;
    return renewed?.access_token;
  }, [env, loadManager]);

  const login = useCallback(async () => {
    const state: LoginState = { returnTo: currentGuiPath() };
    await (await loadManager()).signinRedirect({ state });
  }, [loadManager]);

  const logout = useCallback(async () => {
    document.cookie = removedTokenCookie(cookiePath);
    const current = await loadManager();
    try {
      await current.signoutRedirect();
    } catch {
      // The provider is unreachable; at least forget the session locally.
      await current.removeUser();
    }
  }, [loadManager, cookiePath]);

  const completeLogin = useCallback(async () => {
    // signinCallback also serves silent renewals (this page inside a hidden iframe), which return no user.
    const signedIn = await (await loadManager()).signinCallback();
    if (!signedIn) return undefined;
    const state = signedIn.state as LoginState | undefined;
    const returnTo = state?.returnTo;
    return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('/auth/')
      ? returnTo
      : '/about/information';
  }, [loadManager]);

  const value = useMemo<Auth>(
    () => ({ user, ready, accessToken, login, logout, completeLogin, accountUrl: accountUrl(env) }),
    [user, ready, accessToken, login, logout, completeLogin, env],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside an AuthProvider');
  return auth;
}
