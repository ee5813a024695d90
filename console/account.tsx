/** One's own password (docs/console.md, Your password): every role, the current password first. */
import { useState } from 'preact/hooks';
import { ApiFailure, changePassword } from './api.js';
import type { Texts } from './i18n.js';

export function Account({ t }: { t: Texts }) {
  const [notice, setNotice] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    setNotice('');
    try {
      await changePassword(String(f.get('current_password')), String(f.get('password')));
      form.reset();
      setNotice(t.passwordChanged);
    } catch (err) {
      const wrong = err instanceof ApiFailure && err.status === 400 && err.code === 'parameter_invalid';
      setNotice(wrong ? t.wrongCurrent : (err as Error).message);
    }
  };
  return (
    <form class="card" onSubmit={submit} aria-labelledby="own-password">
      <h2 id="own-password">{t.account}</h2>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <label>
        {t.currentPassword}
        <input name="current_password" type="password" required autocomplete="current-password" />
      </label>
      <label>
        {t.newPassword}
        <input name="password" type="password" required minLength={10} maxLength={200} autocomplete="new-password" />
      </label>
      <button type="submit" class="primary">
        {t.changePassword}
      </button>
    </form>
  );
}
