// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '#web/api/auth-client.ts';
import { EMAIL_VERIFIED_CALLBACK } from '#web/api/email-verification.ts';
import { PublicConfigProvider, type PublicConfig } from '#web/api/public-config.tsx';
import type { SessionUser } from '#web/api/use-session.ts';
import { notify } from '#web/components/notify.ts';
import { RequireUser } from '#web/components/require-user.tsx';
import { CONNECTION_ERROR } from './auth-errors';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

vi.mock('#web/api/auth-client.ts', () => ({
  authClient: {
    signIn: { email: vi.fn(), social: vi.fn() },
    signUp: { email: vi.fn() },
  },
}));
vi.mock('#web/components/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const signInEmail = vi.mocked(authClient.signIn.email);
const signUpEmail = vi.mocked(authClient.signUp.email);
const signInSocial = vi.mocked(authClient.signIn.social);
// The session as the server answers GET /api/auth/get-session: signed out (null), a user, or no answer yet.
let sessionAnswer: () => Promise<Response>;
const fetchMock = vi.fn((url: string) =>
  url === '/api/auth/get-session' ? sessionAnswer() : Promise.reject(new Error(`unexpected fetch of ${url}`)),
);

function session({ user = null, isPending = false }: { user?: SessionUser | null; isPending?: boolean }) {
  sessionAnswer = isPending
    ? () => new Promise<Response>(() => {})
    : async () => Response.json(user ? { user, session: { id: 's1' } } : null);
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const config = (googleSignIn: boolean): PublicConfig => ({
  googleMapsApiKey: null,
  googleClientId: googleSignIn ? 'client.apps.googleusercontent.com' : null,
  googleSignIn,
  billingMode: 'demo',
  stripePublishableKey: null,
  leadFormUrl: null,
  emailDelivery: 'outbox',
});

function renderAt(path: string, state?: unknown, { googleSignIn = false } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <WhereAmI /> },
      {
        path: '/login',
        element: (
          <>
            <LoginPage />
            <WhereAmI />
          </>
        ),
      },
      { path: '/register', element: <RegisterPage /> },
      {
        path: '/saved',
        element: (
          <RequireUser>
            <h1>Saved Properties</h1>
          </RequireUser>
        ),
      },
    ],
    {
      initialEntries: [
        { pathname: new URL(path, 'http://app').pathname, search: new URL(path, 'http://app').search, state },
      ],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PublicConfigProvider value={config(googleSignIn)}>
        <RouterProvider router={router} />
      </PublicConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  session({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What a screen reader reads after a field's name: the texts its aria-describedby names. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('LoginPage', () => {
  it('needs an e-mail and a password, said next to the fields', async () => {
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it('trims the e-mail and password, toasts, and returns to the page the user came from', async () => {
    signInEmail.mockResolvedValue({ data: { token: 't' }, error: null } as never);
    const router = renderAt('/login', { from: '/saved' });
    await userEvent.type(screen.getByLabelText('Email'), '  ann@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), ' secret words ');
    await userEvent.keyboard('{Enter}');
    expect(signInEmail).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret words' });
    expect(notify.success).toHaveBeenCalledWith('Logged in successfully');
    // The sign-in's session refresh comes first: on a loaded machine that can take over vi.waitFor's default second.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/saved'), { timeout: 5000 });
  });

  it('offers Google only when the server has it, and returns from Google to the page the user came from', async () => {
    renderAt('/login', { from: '/saved' });
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    cleanup();

    signInSocial.mockResolvedValue({
      data: { url: 'https://accounts.example/authorize', redirect: true },
      error: null,
    } as never);
    renderAt('/login', { from: '/saved' }, { googleSignIn: true });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(signInSocial).toHaveBeenCalledWith({
      provider: 'google',
      callbackURL: '/saved',
      errorCallbackURL: '/login',
    });
    expect(screen.getByRole('button', { name: 'Opening Google...' })).toHaveProperty('disabled', true);
  });

  it('says why a Google sign-in came back refused, and lets the user try again if it could not start', async () => {
    signInSocial.mockResolvedValue({ data: null, error: { status: 429, message: 'Too many attempts.' } } as never);
    renderAt('/login?error=account-not-linked', undefined, { googleSignIn: true });
    expect(screen.getByRole('alert').textContent).toMatch(/^An account with this e-mail already exists/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(notify.error).toHaveBeenCalledWith('Too many attempts.');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toHaveProperty('disabled', false);
    cleanup();
    renderAt('/login?error=email-not-verified', undefined, { googleSignIn: true });
    expect(screen.getByRole('alert').textContent).toMatch(/^Google has not verified this e-mail address/);
    cleanup();
    renderAt('/login?error=invalid-code', undefined, { googleSignIn: true });
    expect(screen.getByRole('alert').textContent).toBe('Google sign-in did not complete. Please try again.');
  });

  it('goes to / when it was opened directly', async () => {
    signInEmail.mockResolvedValue({ data: { token: 't' }, error: null } as never);
    const router = renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's error and stays on /login", async () => {
    signInEmail.mockResolvedValue({
      data: null,
      error: {
        status: 401,
        statusText: 'Unauthorized',
        code: 'invalid-email-or-password',
        message: 'Invalid email or password',
      },
    } as never);
    const router = renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password{Enter}');
    expect(notify.error).toHaveBeenCalledWith('Invalid email or password');
    // The toast goes after a few seconds; the password field keeps saying it, and has the focus.
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(password)).toContain('Invalid email or password');
    expect(document.activeElement).toBe(password);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says connection error when the request fails (§8)', async () => {
    signInEmail.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words{Enter}');
    expect(notify.error).toHaveBeenCalledWith(CONNECTION_ERROR);
  });

  it('links Home, to register (keeping the return path) and to password recovery', () => {
    renderAt('/login', { from: '/saved' });
    expect(screen.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('RegisterPage', () => {
  it('refuses a short password before asking the server', async () => {
    renderAt('/register');
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short{Enter}');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(signUpEmail).not.toHaveBeenCalled();
  });

  it("creates the account, toasts 'Account created successfully!' and goes to /", async () => {
    signUpEmail.mockResolvedValue({ data: { token: 't' }, error: null } as never);
    const router = renderAt('/register');
    await userEvent.type(screen.getByLabelText('Email'), 'New@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a good passphrase{Enter}');
    // No name is made of the e-mail's local part (issue 42 §6): the profile's display name names a member;
    // the verification e-mail the sign-up sends lands on the notice that says the address is verified.
    expect(signUpEmail).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'a good passphrase',
      name: '',
      callbackURL: EMAIL_VERIFIED_CALLBACK,
    });
    expect(notify.success).toHaveBeenCalledWith('Account created successfully!');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's error", async () => {
    signUpEmail.mockResolvedValue({
      data: null,
      error: {
        status: 400,
        code: 'password-too-common',
        message: 'This password is too common. Please choose a less guessable one.',
      },
    } as never);
    renderAt('/register');
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password1{Enter}');
    expect(notify.error).toHaveBeenCalledWith('This password is too common. Please choose a less guessable one.');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(password)).toContain('This password is too common. Please choose a less guessable one.');
    expect(document.activeElement).toBe(password);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('RequireUser', () => {
  it("shows 'Loading...' while the session loads", () => {
    session({ isPending: true });
    renderAt('/saved');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    const router = renderAt('/saved');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/saved' });
  });

  it('shows the page to a signed-in user', async () => {
    session({ user: { id: 'u1', email: 'ann@example.com', name: 'ann' } });
    renderAt('/saved');
    expect(await screen.findByRole('heading', { name: 'Saved Properties' })).toBeTruthy();
  });
});
