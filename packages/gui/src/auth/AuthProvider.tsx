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
import { GUI_BASE } from '../core/env.ts';
import { useEnv } from '../core/EnvProvider.tsx';
import { isProviderRefusal, isSilentSignInFrame, onCallbackPage, restoreUser } from './restoreUser.ts';
import { accountUrl, hasSessionHint, onOtherTabSession, rememberSession } from './session.ts';
import { apiCookiePath, isSecurePage, removedTokenCookie, tokenCookie } from './tokenCookie.ts';

export interface AuthUser {
  /** The user id used throughout the API (main_author, writers, ...). */
  sub: string;
  name: string;
  email?: string;
  preferred_username?: string;
}

export interface Auth {
  user: AuthUser | undefined;
  /** False until the login of this page is known (restored after a reload), so gates do not flash the anonymous state. */
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

/** A promise with its resolve function, for waiting on a state that an effect reaches later. */
const settledSignal = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

/**
 * Login state via OpenID Connect (code flow with PKCE). The OIDC library is loaded only when this tab was
 * logged in or the user logs in, which keeps it out of the landing page for anonymous visitors.
 */
export function AuthProvider({ children, userManager }: { children: ReactNode; userManager?: UserManager }) {
  const env = useEnv();
  const [manager, setManager] = useState<UserManager | undefined>(userManager);
  const [user, setUser] = useState<AuthUser | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const managerPromise = useRef<Promise<UserManager> | undefined>(undefined);
  const refreshing = useRef<Promise<User | null> | undefined>(undefined);
  // Requests wait for this, so that none of a logged-in user goes out anonymously while the login is restored.
  const [settled] = useState(settledSignal);
  const cookiePath = apiCookiePath(env.appBase);
  const markReady = useCallback(() => {
    setReady(true);
    settled.resolve();
  }, [settled]);

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

  // A browser that was not logged in has nothing to restore: anonymous at once, no library needed. A token
  // cookie left over (e.g. the browser was closed before it expired) must not authorise what an anonymous
  // page shows: the header and the API's answers agree.
  useEffect(() => {
    if (!userManager && !hasSessionHint()) {
      if (!isSilentSignInFrame()) document.cookie = removedTokenCookie(cookiePath, isSecurePage());
      markReady();
    } else loadManager().catch(markReady);
  }, [userManager, loadManager, markReady, cookiePath]);

  useEffect(() => {
    if (!manager) return;
    if (isSilentSignInFrame()) {
      markReady();
      return;
    }
    const secure = isSecurePage();
    const loaded = (loadedUser: User) => {
      setUser(toAuthUser(loadedUser));
      rememberSession(true);
      if (loadedUser.expires_at !== undefined) {
        document.cookie = tokenCookie(loadedUser.access_token, loadedUser.expires_at, cookiePath, secure);
      }
    };
    // Anonymous in this tab only: the provider could not answer, so the login of the other tabs may live.
    const anonymousHere = () => {
      setUser(undefined);
      document.cookie = removedTokenCookie(cookiePath, secure);
    };
    // The login has ended (logout, provider session gone): removing the hint logs out the other tabs too.
    const unloaded = () => {
      anonymousHere();
      rememberSession(false);
    };
    // automaticSilentRenew refreshes before expiry; when the provider refuses the refresh the session is
    // over. A provider that does not answer is retried by the next request (accessToken).
    const renewFailed = (error: Error) => {
      if (isProviderRefusal(error)) void manager.removeUser();
    };
    manager.events.addUserLoaded(loaded);
    manager.events.addUserUnloaded(unloaded);
    manager.events.addUserSignedOut(unloaded);
    manager.events.addSilentRenewError(renewFailed);
    let active = true;
    restoreUser(manager, hasSessionHint())
      .then((restored) => {
        if (!active) return;
        if (restored) loaded(restored);
        // On the callback page the sign-in under way sets the user; nothing to clear before.
        else if (!onCallbackPage()) unloaded();
      })
      .catch(() => active && anonymousHere())
      .finally(markReady);
    return () => {
      active = false;
      manager.events.removeUserLoaded(loaded);
      manager.events.removeUserUnloaded(unloaded);
      manager.events.removeUserSignedOut(unloaded);
      manager.events.removeSilentRenewError(renewFailed);
    };
  }, [manager, cookiePath, markReady]);

  // One login per browser: follow the other tabs' logins and logouts without a reload.
  useEffect(() => {
    if (isSilentSignInFrame()) return undefined;
    return onOtherTabSession((loggedIn) => {
      if (!loggedIn) {
        // removeUser raises userUnloaded, which clears this tab's user and cookie.
        if (manager) void manager.removeUser();
        else document.cookie = removedTokenCookie(cookiePath, isSecurePage());
        return;
      }
      // Without the library loaded, loading it restores the login (the effect above) from the hint.
      if (!manager) {
        void loadManager().catch(() => undefined);
        return;
      }
      void manager
        .getUser()
        .then((current) => (current && !current.expired ? current : manager.signinSilent()))
        // Another tab's login that this one cannot join leaves this one as it was.
        .catch(() => undefined);
    });
  }, [manager, loadManager, cookiePath]);

  const accessToken = useCallback(async () => {
    // Requests may start before the library has loaded (child effects run first): wait for it and for the
    // restored login if this tab was logged in, so that no request of a logged-in user goes out anonymously.
    if (!userManager && !managerPromise.current && !hasSessionHint()) return undefined;
    await settled.promise;
    const current = await loadManager();
    const stored = await current.getUser();
    if (!stored) return undefined;
    if (stored.expires_in !== undefined && stored.expires_in > MIN_VALIDITY_SECONDS)
      return stored.access_token;
    // Concurrent requests share one refresh instead of racing with the same refresh token.
    refreshing.current ??= current
      .signinSilent()
      .catch(async (error: unknown) => {
        // The provider refused (its session has ended): log out cleanly rather than fail every request.
        if (!isProviderRefusal(error)) throw error;
        await current.removeUser();
        return null;
      })
      .finally(() => {
        refreshing.current = undefined;
      });
    const renewed = await refreshing.current;
    return renewed?.access_token;
  }, [userManager, settled, loadManager]);

  const login = useCallback(async () => {
    const state: LoginState = { returnTo: currentGuiPath() };
    await (await loadManager()).signinRedirect({ state });
  }, [loadManager]);

  const logout = useCallback(async () => {
    document.cookie = removedTokenCookie(cookiePath, isSecurePage());
    rememberSession(false);
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
