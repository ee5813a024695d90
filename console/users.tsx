/**
 * An owner's users (docs/console.md, Users): who works here (a page at a time, "Show more" for the next),
 * add one, disable or enable one, give one a new role or a new password.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { addMember, setDisabled, type Team, type TeamMember, team, updateMember } from './api.js';
import type { Texts } from './i18n.js';

const ROLES = ['staff', 'manager', 'owner'] as const;

/** Role, new password and disabling for someone else: an owner changes none of them for themselves. */
function MemberActions({
  u,
  t,
  run,
}: {
  u: TeamMember;
  t: Texts;
  /** Resolves true when the change was made (its notice shown either way). */
  run: (change: () => Promise<TeamMember>, done?: string) => Promise<boolean>;
}) {
  const [role, setRole] = useState(u.role);
  const [resetting, setResetting] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // Keyboard: the field opened is where typing goes; closing it returns nowhere surprising.
  useEffect(() => {
    if (resetting) field.current?.focus();
  }, [resetting]);
  return (
    <>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => updateMember(u.id, { role }), t.roleChanged);
        }}
      >
        <select
          aria-label={`${t.role}: ${u.email}`}
          value={role}
          onChange={(e) => setRole((e.currentTarget as HTMLSelectElement).value)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t.roles[r]}
            </option>
          ))}
        </select>{' '}
        <button type="submit" disabled={role === u.role} aria-label={`${t.setRole}: ${u.email}`}>
          {t.setRole}
        </button>
      </form>{' '}
      <button type="button" aria-label={`${u.disabled ? t.enable : t.disable}: ${u.email}`} onClick={() => run(() => setDisabled(u.id, !u.disabled))}>
        {u.disabled ? t.enable : t.disable}
      </button>{' '}
      {resetting ? (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            const password = String(new FormData(e.currentTarget as HTMLFormElement).get('password'));
            // Closed once set; after a refusal it stays open with the reason above.
            void run(() => updateMember(u.id, { password }), t.passwordSet).then((ok) => ok && setResetting(false));
          }}
        >
          <label>
            {t.newPassword}
            <input
              name="password"
              type="password"
              required
              minLength={10}
              maxLength={200}
              autocomplete="new-password"
              aria-label={`${t.newPassword}: ${u.email}`}
              ref={field}
            />
          </label>{' '}
          <button type="submit">{t.newPasswordFor}</button>{' '}
          <button type="button" onClick={() => setResetting(false)}>
            {t.cancel}
          </button>
        </form>
      ) : (
        <button type="button" aria-label={`${t.newPasswordFor}: ${u.email}`} onClick={() => setResetting(true)}>
          {t.newPasswordFor}
        </button>
      )}
    </>
  );
}

/** `orgWide`: the owner belongs to the organization, so a new user may too (else: to one of its locations). */
export function Users({ t, me, orgWide }: { t: Texts; me: string; orgWide: boolean }) {
  const [rows, setRows] = useState<TeamMember[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [locations, setLocations] = useState<Team['locations']>([]);
  const [notice, setNotice] = useState('');
  /** The first page, or the next one after the last user shown. */
  const load = async (after?: TeamMember) => {
    const page = await team(after?.id);
    setRows((shown) => (after && shown ? [...shown, ...page.data] : page.data));
    setHasMore(page.has_more);
    setLocations(page.locations);
  };
  useEffect(() => {
    void load().catch((err) => setNotice(String(err.message)));
  }, []);
  /** A change answers the user as it is now: that row is replaced in place, the pages shown stay. */
  const run = async (change: () => Promise<TeamMember>, done?: string) => {
    setNotice('');
    try {
      const u = await change();
      setRows((shown) => {
        if (!shown) return shown;
        if (shown.some((r) => r.id === u.id)) return shown.map((r) => (r.id === u.id ? u : r));
        // A new user is the newest: last of the list, once every page before it is shown.
        return hasMore ? shown : [...shown, u];
      });
      if (done) setNotice(done);
    } catch (err) {
      setNotice((err as Error).message);
      throw err;
    }
  };
  const quietly = (change: () => Promise<TeamMember>, done?: string) =>
    run(change, done).then(
      () => true,
      () => false,
    );
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const where = String(f.get('location_id') ?? '');
    void run(
      () =>
        addMember({
          email: String(f.get('email')),
          name: String(f.get('name')),
          role: String(f.get('role')),
          password: String(f.get('password')),
          location_id: where === '' ? null : where,
        }),
      t.userAdded,
    )
      .then(() => form.reset())
      .catch(() => {});
  };
  if (!rows) return <p role="status">{notice}</p>;
  const whereOf = (id: string | null) => (id ? (locations.find((l) => l.id === id)?.name ?? id) : t.wholeOrganization);
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
          {rows.map((u) => (
            <tr key={u.id} data-user-id={u.id}>
              <td>
                {u.name} {u.id === me && t.you}
              </td>
              <td>{u.email}</td>
              <td data-role={u.role}>{t.roles[u.role] ?? u.role}</td>
              <td>{whereOf(u.location_id)}</td>
              <td>
                <span class={u.disabled ? 'offline' : 'live'}>{u.disabled ? t.disabled : t.active}</span>{' '}
                {/* Keyed by the role: after a change the select starts from the saved one. */}
                {u.id !== me && <MemberActions key={`${u.id}-${u.role}`} u={u} t={t} run={quietly} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasMore && (
        <button type="button" onClick={() => void load(rows.at(-1)).catch((err) => setNotice(String(err.message)))}>
          {t.showMore}
        </button>
      )}
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
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.where}
          <select name="location_id">
            {locations.map((l) => (
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
