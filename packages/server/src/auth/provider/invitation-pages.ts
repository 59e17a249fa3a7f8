import { CSRF_FIELD } from './csrf.ts';
import { errorList, hiddenFields, html, input, type Html } from './html.ts';

/** The page bodies of an invitation link (invitation-routes.ts); `page()` in html.ts wraps them. */
export const INVITATION_TITLE = 'Choose your password';

export const INVALID_INVITATION =
  'This invitation link is not valid: it was used already, it has expired, or it is incomplete. Please ask ' +
  'the person who invited you for a new invitation.';

export interface PasswordForm {
  action: string;
  token: string;
  csrfToken: string;
  username: string;
  errors: string[];
}

export const passwordFormBody = (form: PasswordForm): Html =>
  html`${errorList(form.errors)}
    <div class="info" role="status">
      Welcome! Your username is <strong>${form.username}</strong>. Choose the password of your account; you
      log in with your username or your email and this password.
    </div>
    <form method="post" action="${form.action}">
      ${hiddenFields({ token: form.token, [CSRF_FIELD]: form.csrfToken })}
      ${input({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true, autofocus: true })}
      ${input({ name: 'password_confirm', label: 'Confirm password', type: 'password', autocomplete: 'new-password', required: true })}
      <button type="submit">Set password</button>
    </form>`;

export const passwordSetBody = (username: string, gui: string): Html =>
  html`<div class="info" role="status">
      Your password has been set. You can now log in as <strong>${username}</strong> (or with your email).
    </div>
    <a class="button" href="${gui}">Go to NOMAD oasis</a>`;
