import type { UserRecord } from '../../store/users.ts';
import { errorList, hiddenFields, html, input, type Html } from './html.ts';
import { CSRF_FIELD } from './csrf.ts';
import { queryString } from './auth-request.ts';

/** The page bodies of the embedded provider; `page()` in html.ts wraps them into the document. */
export interface FormContext {
  /** Absolute paths of the provider's endpoints. */
  paths: { auth: string; registrations: string };
  /** The original auth request parameters, carried through the forms and links. */
  authParams: Record<string, string | undefined>;
  csrfToken: string;
  errors: string[];
}

export const LOGIN_TITLE = 'Log in to NOMAD oasis';
export const REGISTER_TITLE = 'Register';

export const loginBody = (form: FormContext, username = ''): Html =>
  html`${errorList(form.errors)}
    <form method="post" action="${form.paths.auth}">
      ${hiddenFields({ ...form.authParams, [CSRF_FIELD]: form.csrfToken })}
      ${input({ name: 'username', label: 'Username or email', type: 'text', value: username, autocomplete: 'username', required: true, autofocus: true })}
      ${input({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true })}
      <button type="submit">Log in</button>
    </form>
    <div class="links">
      <span>New user?</span><a href="${form.paths.registrations + queryString(form.authParams)}">Register</a>
    </div>`;

export interface RegistrationValues {
  username?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  affiliation?: string;
}

export const registrationBody = (form: FormContext, values: RegistrationValues): Html =>
  html`${errorList(form.errors)}
    <form method="post" action="${form.paths.registrations}">
      ${hiddenFields({ ...form.authParams, [CSRF_FIELD]: form.csrfToken })}
      ${input({ name: 'username', label: 'Username', type: 'text', value: values.username, autocomplete: 'username', required: true, autofocus: true })}
      ${input({ name: 'email', label: 'Email', type: 'email', value: values.email, autocomplete: 'email', required: true })}
      ${input({ name: 'first_name', label: 'First name', type: 'text', value: values.first_name, autocomplete: 'given-name', required: true })}
      ${input({ name: 'last_name', label: 'Last name', type: 'text', value: values.last_name, autocomplete: 'family-name', required: true })}
      ${input({ name: 'affiliation', label: 'Affiliation', type: 'text', value: values.affiliation, autocomplete: 'organization' })}
      ${input({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true })}
      ${input({ name: 'password_confirm', label: 'Confirm password', type: 'password', autocomplete: 'new-password', required: true })}
      <button type="submit">Register</button>
    </form>
    <div class="links"><a href="${form.paths.auth + queryString(form.authParams)}">« Back to login</a></div>`;

export const messageBody = (message: string, link?: { href: string; label: string }): Html =>
  html`<div class="${link ? 'info' : 'alert'}" role="status">${message}</div>
    ${link ? html`<a class="button" href="${link.href}">${link.label}</a>` : undefined}`;

/** A form that logs out by POST (a link could be followed by anyone's page); its fields carry the CSRF token. */
export interface LogoutForm {
  action: string;
  fields: Record<string, string | undefined>;
}

const logoutForm = (form: LogoutForm): Html =>
  html`<form method="post" action="${form.action}">
    ${hiddenFields(form.fields)}
    <button type="submit">Log out</button>
  </form>`;

export const logoutConfirmBody = (form: LogoutForm): Html =>
  html`<div class="info" role="status">Do you want to log out?</div>
    ${logoutForm(form)}`;

export const accountBody = (user: UserRecord, links: { gui: string; logout: LogoutForm }): Html =>
  html`<dl>
      <dt>Username</dt>
      <dd>${user.username}</dd>
      <dt>Email</dt>
      <dd>${user.email ?? ''}</dd>
      <dt>First name</dt>
      <dd>${user.first_name}</dd>
      <dt>Last name</dt>
      <dd>${user.last_name}</dd>
      <dt>Affiliation</dt>
      <dd>${user.affiliation ?? ''}</dd>
      <dt>Member since</dt>
      <dd>${user.created.slice(0, 10)}</dd>
    </dl>
    <a class="button" href="${links.gui}">Back to NOMAD oasis</a>
    <div class="links"><span></span>${logoutForm(links.logout)}</div>`;
