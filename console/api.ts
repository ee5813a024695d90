/** The console's calls to its server: same origin, the session cookie, the CSRF token on every change. */
export interface User {
  id: string;
  name: string;
  email: string;
  role: string;
  organization_id: string | null;
  location_id: string | null;
}
export interface SessionInfo {
  user: User;
  csrf_token: string;
  /** What the user's role allows (src/domain/users/roles.ts): the page offers only these. */
  abilities: string[];
}
export interface Money {
  amount: number;
  currency: string;
}
export interface Order {
  id: string;
  short_id: string;
  location_id: string;
  status: string;
  status_version: number;
  service_type: string | null;
  created_at: string;
  customer: { first_name: string | null; last_name: string | null; phone: string | null } | null;
  items: { type: string; name: string; quantity: number }[];
  total: Money;
  allowed_next_statuses: string[];
  /** While it waits for staff: when the location's timeout decides, and what it will do. */
  acceptance_timeout: { at: string; action: 'accept' | 'reject' } | null;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrf = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new ApiFailure(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
  return json as T;
}

export async function currentSession(): Promise<SessionInfo | null> {
  try {
    const s = await call<SessionInfo>('GET', '/console/session');
    csrf = s.csrf_token;
    return s;
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 401) return null;
    throw err;
  }
}

export async function logIn(email: string, password: string): Promise<SessionInfo> {
  const s = await call<SessionInfo>('POST', '/console/login', { email, password });
  csrf = s.csrf_token;
  return s;
}

export const logOut = () => call<void>('POST', '/console/logout');
export const orders = async () => (await call<{ data: Order[] }>('GET', '/console/api/orders')).data;
export const moveOrder = (o: Order, status: string, reason?: string) =>
  call<Order>('POST', `/console/api/orders/${o.id}/status`, { status, status_version: o.status_version, reason });

export interface Closing {
  id: string;
  starts_at: string;
  ends_at: string;
  reason: string;
}
export interface KitchenItem {
  id: string;
  kind: 'product' | 'bundle' | 'option';
  name: string;
  available: boolean;
  unavailable_until: string | null;
}
export interface KitchenLocation {
  location_id: string;
  name: string;
  /** The location's time zone: times are shown, and typed times read, on its clock. */
  timezone: string;
  accepting_orders: boolean;
  /** The special closing in effect now or later today. */
  closing: Closing | null;
  items: KitchenItem[];
}
export const kitchen = async () => (await call<{ data: KitchenLocation[] }>('GET', '/console/api/kitchen')).data;
export const setAccepting = (locationId: string, accepting: boolean) =>
  call('POST', `/console/api/kitchen/${locationId}/accepting_orders`, { accepting_orders: accepting });
export const switchItem = (locationId: string, id: string, available: boolean, until?: string) =>
  call('POST', `/console/api/kitchen/${locationId}/items`, { id, available, ...(until ? { until } : {}) });
export const closeToday = (locationId: string, reason: string, until?: string) =>
  call('POST', `/console/api/kitchen/${locationId}/closing`, { reason, ...(until ? { until } : {}) });
export const endClosing = (locationId: string, id: string) =>
  call('POST', `/console/api/kitchen/${locationId}/closing/${id}/end`);

export interface InboxRow {
  id: string;
  customer: { name: string | null; phone: string | null };
  taken_over: boolean;
  last_message_at: string | null;
  last_text: string | null;
}
export interface ChatMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  text: string | null;
  status: string;
  created_at: string;
}
export const inbox = async () => (await call<{ data: InboxRow[] }>('GET', '/console/api/conversations')).data;
export const CHAT_PAGE = 50;
/**
 * A page of a conversation's messages, newest first: the latest, or with `starting_after` (the oldest
 * shown) earlier ones, or with `ending_before` (the newest shown) those that came since.
 */
export const chat = (id: string, cursor: { starting_after?: string; ending_before?: string } = {}) =>
  call<{ data: ChatMessage[]; has_more: boolean }>(
    'GET',
    `/console/api/conversations/${id}/messages?${new URLSearchParams({ limit: String(CHAT_PAGE), ...cursor })}`,
  );
export const takeOver = (id: string) => call('POST', `/console/api/conversations/${id}/takeover`);
export const handBack = (id: string) => call('POST', `/console/api/conversations/${id}/handback`);
export const replyAsStaff = (id: string, text: string) => call('POST', `/console/api/conversations/${id}/messages`, { text });

export interface TeamMember extends User {
  disabled: boolean;
  last_login_at: string | null;
}
export interface Team {
  data: TeamMember[];
  /** More users after this page: the tab offers "Show more". */
  has_more: boolean;
  locations: { id: string; name: string }[];
}
/** A page of the team, oldest first; the next one starts after the last user shown. */
export const team = (startingAfter?: string) =>
  call<Team>(
    'GET',
    `/console/api/users?limit=${TEAM_PAGE}${startingAfter ? `&starting_after=${encodeURIComponent(startingAfter)}` : ''}`,
  );
export const TEAM_PAGE = 50;
export const addMember = (body: { email: string; name: string; role: string; password: string; location_id: string | null }) =>
  call<TeamMember>('POST', '/console/api/users', body);
export const setDisabled = (id: string, disabled: boolean) =>
  call<TeamMember>('POST', `/console/api/users/${id}/disabled`, { disabled });
export const updateMember = (id: string, body: { role?: string; password?: string }) =>
  call<TeamMember>('PATCH', `/console/api/users/${id}`, body);
/** One's own password, with the current one; the other sessions end, this one stays. */
export const changePassword = (current: string, next: string) =>
  call<User>('POST', '/console/password', { current_password: current, password: next });

export interface DaySummary {
  location_id: string;
  name: string;
  date: string;
  orders: number;
  items_sold: number;
  not_counted: number;
  order_value: Money;
  paid: Money;
  refunded: Money;
  platform_fees: Money;
  top_products: { name: string; quantity: number }[];
}
export const summary = async () => (await call<{ data: DaySummary[] }>('GET', '/console/api/summary')).data;

/** A conversation's order draft as the server prices it now (the API's order quote). */
export interface Quote {
  valid: boolean;
  items: { name: string; quantity: number }[];
  item_totals: (Money | null)[];
  total: Money;
  problems: { code: string; message: string }[];
}
export const draft = async (id: string) =>
  (await call<{ order_quote: Quote | null }>('GET', `/console/api/conversations/${id}/draft`)).order_quote;
