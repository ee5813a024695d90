/** An owner's users (docs/console.md, Users): who works here, add one, disable or enable one. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { addMember, setDisabled, type Team, team } from './api.js';
import type { Texts } from './i18n.js';

/** `orgWide`: the owner belongs to the organization, so a new user may too (else: to one of its locations). */
export function Users({ t, me, orgWide }: { t: Texts; me: string; orgWide: boolean }) {
  const [data, setData] = useState<Team | null>(null);
  const [notice, setNotice] = useState('');
  const load = useCallback(async () => setData(await team()), []);
  useEffect(() => {
    void load().catch((err) => setNotice(String(err.message)));
  }, [load]);
  const run = async (change: () => Promise<unknown>, done?: string) => {
    setNotice('');
    try {
      await change();
      if (done) setNotice(done);
    } catch (err) {
      setNotice((err as Error).message);
    }
    await load();
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const where = String(f.get('location_id') ?? '');
    void run(async () => {
      await addMember({
        email: String(f.get('email')),
        name: String(f.get('name')),
        role: String(f.get('role')),
        password: String(f.get('password')),
        location_id: where === '' ? null : where,
      });
      form.reset();
    }, t.userAdded);
  };
  if (!data) return <p role="status">{notice}</p>;
  const whereOf = (id: string | null) => (id ? (data.locations.find((l) => l.id === id)?.name ?? id) : t.wholeOrganization);
  return (
    <section aria-label={t.users} class="users">
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.role}</th>
            <th scope="col">{t.where}</th>
            <th scope="col">{t.state}</th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((u) => (
            <tr key={u.id} data-user-id={u.id}>
              <td>{u.name}</td>
              <td>{u.email}</td>
              <td>{t.roles[u.role] ?? u.role}</td>
              <td>{whereOf(u.location_id)}</td>
              <td>
                <span class={u.disabled ? 'offline' : 'live'}>{u.disabled ? t.disabled : t.active}</span>{' '}
                {u.id !== me && (
                  <button
                    type="button"
                    aria-label={`${u.disabled ? t.enable : t.disable}: ${u.email}`}
                    onClick={() => run(() => setDisabled(u.id, !u.disabled))}
                  >
                    {u.disabled ? t.enable : t.disable}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form class="card" onSubmit={submit} aria-labelledby="new-user">
        <h2 id="new-user">{t.newUser}</h2>
        <label>
          {t.name}
          <input name="name" required maxLength={200} />
        </label>
        <label>
          {t.email}
          <input name="email" type="email" required autocomplete="off" />
        </label>
        <label>
          {t.role}
          <select name="role">
            {(['staff', 'manager', 'owner'] as const).map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.where}
          <select name="location_id">
            {data.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
            {orgWide && <option value="">{t.wholeOrganization}</option>}
          </select>
        </label>
        <label>
          {t.firstPassword}
          <input name="password" type="password" required minLength={10} autocomplete="new-password" />
        </label>
        <button type="submit" class="primary">
          {t.addUser}
        </button>
      </form>
    </section>
  );
}
